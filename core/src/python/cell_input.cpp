// cell_input.cpp — IPython's cleanup of a cell (IPython/core/inputtransformer2.py, IPython 8):
// the cleanup transforms run as there, the token transforms are only recognised (see the header).
#include "python/cell_input.hpp"

#include "python/lexer.hpp"
#include "python/strings.hpp"

#include <string_view>
#include <vector>

namespace tlab {

namespace {

// str.splitlines(keepends=True): \n, \r\n, \r, \v, \f, \x1c-\x1e, U+0085, U+2028, U+2029.
std::vector<std::string> split_lines(const std::string& s) {
    std::vector<std::string> lines;
    std::size_t start = 0, i = 0;
    while (i < s.size()) {
        const std::uint32_t cp = utf8_next(s, i);
        const bool boundary = cp == '\n' || cp == '\r' || cp == 0x0B || cp == 0x0C || (cp >= 0x1C && cp <= 0x1E) ||
                              cp == 0x85 || cp == 0x2028 || cp == 0x2029;
        if (!boundary) continue;
        if (cp == '\r' && i < s.size() && s[i] == '\n') ++i;
        lines.push_back(s.substr(start, i - start));
        start = i;
    }
    if (start < s.size()) lines.push_back(s.substr(start));
    return lines;
}

bool is_blank(const std::string& line) {  // str.isspace() (False for "")
    if (line.empty()) return false;
    std::size_t i = 0;
    while (i < line.size())
        if (!is_space(utf8_next(line, i))) return false;
    return true;
}

// re's `$` without MULTILINE: the end, or just before a final "\n".
bool at_end(const std::string& line, std::size_t i) {
    return i == line.size() || (i + 1 == line.size() && line[i] == '\n');
}

bool starts(const std::string& line, std::string_view prefix) { return line.compare(0, prefix.size(), prefix) == 0; }

// classic_prompt's patterns: ^(>>>|\.\.\.)( |$) and, for the first line, ^>>>( |$). The length
// of the prompt matched, or 0.
std::size_t classic_prompt_at(const std::string& line, bool first_only) {
    if (!starts(line, ">>>") && (first_only || !starts(line, "..."))) return 0;
    if (line.size() > 3 && line[3] == ' ') return 4;
    return at_end(line, 3) ? 3 : 0;
}

std::size_t classic_prompt(const std::string& line) { return classic_prompt_at(line, false); }
std::size_t classic_initial(const std::string& line) { return classic_prompt_at(line, true); }

// ipython_prompt's pattern ^(In \[\d+\]: |\s*\.{3,}: ?) (ASCII digits).
std::size_t ipython_prompt(const std::string& line) {
    if (starts(line, "In [")) {
        std::size_t i = 4;
        while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;
        if (i > 4 && line.compare(i, 3, "]: ") == 0) return i + 3;
    }
    // \s*: try the longest run of white space first, as re backtracks from it
    std::vector<std::size_t> ends{0};
    for (std::size_t i = 0; i < line.size();) {
        const std::uint32_t cp = utf8_next(line, i);
        if (!is_space(cp)) break;
        ends.push_back(i);
    }
    for (auto it = ends.rbegin(); it != ends.rend(); ++it) {
        std::size_t i = *it, dots = 0;
        while (i < line.size() && line[i] == '.') ++i, ++dots;
        if (dots < 3 || i >= line.size() || line[i] != ':') continue;
        ++i;
        if (i < line.size() && line[i] == ' ') ++i;
        return i;
    }
    return 0;
}

// PromptStripper: strip every line when the first line has the initial prompt or the second
// line a prompt.
using PromptMatch = std::size_t (*)(const std::string&);
void strip_prompts(std::vector<std::string>& lines, PromptMatch prompt, PromptMatch initial) {
    if (lines.empty()) return;
    if (!initial(lines[0]) && !(lines.size() > 1 && prompt(lines[1]))) return;
    for (std::string& l : lines) l.erase(0, prompt(l));
}

bool is_word(std::uint32_t cp) {  // \w on str: letters, digits, underscore (approximated as in strings.cpp)
    return cp == '_' || (cp >= '0' && cp <= '9') || (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') ||
           (cp >= 0x80 && !is_space(cp) && is_printable(cp));
}

// _help_end_re.search: (%{0,2}(?!\d)[\w*]+(\.(?!\d)[\w*]+)*)(\?\??)$ somewhere in `text`, a
// logical line up to its final "?" (re's $ is the end here: the "?" ends its line).
bool dotted_name(const std::string& s, std::size_t i) {  // (?!\d)[\w*]+(\.(?!\d)[\w*]+)* to the end
    bool part_start = true;
    while (i < s.size()) {
        const std::uint32_t cp = utf8_next(s, i);
        if (cp == '.') {
            if (part_start) return false;
            part_start = true;
            continue;
        }
        if ((part_start && cp >= '0' && cp <= '9') || (cp != '*' && !is_word(cp))) return false;
        part_start = false;
    }
    return !part_start;
}

bool help_end(std::string_view text) {
    if (text.empty() || text.back() != '?') return false;
    text.remove_suffix(1);
    if (!text.empty() && text.back() == '?') text.remove_suffix(1);
    const std::string s(text);
    for (std::size_t i = 0; i < s.size(); ++i) {
        if ((static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) continue;  // not a character's start
        std::size_t j = i;
        for (int k = 0; k < 2 && j < s.size() && s[j] == '%'; ++k) ++j;
        if (dotted_name(s, j)) return true;
    }
    return false;
}

std::string token_text(const std::string& code, const Token& t) { return code.substr(t.start, t.end - t.start); }

Unsupported found(const char* en, const char* ko, const std::string& shown, int line) {
    Unsupported u;
    u.what_en = std::string(en) + " (" + shown + ")";
    u.what_ko = std::string(ko) + "(" + shown + ")";
    u.line = line;
    return u;
}

std::string line_of(const std::string& code, int line) {
    std::size_t start = 0;
    for (int n = 1; n < line && start != std::string::npos; ++n) {
        start = code.find('\n', start);
        if (start != std::string::npos) ++start;
    }
    if (start == std::string::npos) return {};
    const std::size_t end = code.find('\n', start);
    return code.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

std::string shorten(std::string s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.erase(0, 1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.pop_back();
    if (utf8_length(s) > 40) s = s.substr(0, utf8_offset(s, 39)) + "…";
    return s;
}

}  // namespace

CellInput ipython_cell_input(const std::string& cell) {
    CellInput out;
    if (!utf8_valid(cell)) {  // the parser reports it
        out.code = cell;
        return out;
    }
    std::vector<std::string> lines = split_lines(cell.empty() || cell.back() != '\n' ? cell + "\n" : cell);
    // leading_empty_lines (a cell of blank lines stays as it is)
    std::size_t first = 0;
    while (first < lines.size() && (lines[first].empty() || is_blank(lines[first]))) ++first;
    if (first < lines.size()) {
        for (std::size_t i = 0; i < first; ++i) {  // lines as the compiler counts them (\n, \r\n, \r)
            const std::string& l = lines[i];
            for (std::size_t k = 0; k < l.size(); ++k)
                out.dropped_lines += l[k] == '\n' || (l[k] == '\r' && (k + 1 == l.size() || l[k + 1] != '\n'));
        }
        lines.erase(lines.begin(), lines.begin() + static_cast<long>(first));
    }
    // leading_indent: the first line's leading spaces and tabs, from every line that has them
    if (!lines.empty()) {
        const std::size_t n = lines[0].find_first_not_of(" \t");
        if (n != 0) {
            const std::string space = lines[0].substr(0, n == std::string::npos ? lines[0].size() : n);
            for (std::string& l : lines)
                if (starts(l, space)) l.erase(0, space.size());
        }
    }
    strip_prompts(lines, classic_prompt, classic_initial);
    strip_prompts(lines, ipython_prompt, ipython_prompt);
    // cell_magic ("%%name?" is help, which the token transforms would take)
    if (!lines.empty() && starts(lines[0], "%%")) {
        std::string name = lines[0].substr(2);
        const std::size_t end = name.find_first_of(" \t\r\n");
        if (end != std::string::npos) name.erase(end);
        out.cell_magic = found("the cell magic", "셀 매직", "%%" + name, 1 + out.dropped_lines);
    }
    for (const std::string& l : lines) out.code += l;
    return out;
}

std::optional<Unsupported> ipython_only_syntax(const std::string& code, const SyntaxErrorInfo& error) {
    if (error.type != "SyntaxError" && error.type != "IndentationError") return std::nullopt;
    const std::string text = normalize_source(code, true);
    Lexer lx(text);
    // IPython's make_tokens_by_line: logical lines, as tokenize reads them until it fails
    std::vector<std::vector<Token>> logical(1);
    for (;;) {
        const Token t = lx.next();
        if (t.kind == T_ERROR || t.kind == T_END) break;
        if (t.kind == T_INDENT || t.kind == T_DEDENT) continue;
        if (t.kind == T_NEWLINE) {
            logical.emplace_back();
            continue;
        }
        logical.back().push_back(t);
    }
    for (const std::vector<Token>& line : logical) {
        if (line.empty()) continue;
        const Token& head = line[0];
        const std::string first = token_text(text, head);
        // EscapedCommand: !cmd, %magic, ?obj, /f a, ,f a, ;f a at the start of a logical line
        if (first == "!" || first == "%" || first == "?" || first == "/" || first == "," || first == ";") {
            const std::string shown = shorten(line_of(text, head.line));
            if (first == "!") return found("the shell command", "셸 명령", shown, head.line);
            if (first == "%") return found("the IPython magic", "IPython 매직", shown, head.line);
            if (first == "?") return found("IPython's help", "IPython 도움말", shown, head.line);
            return found("IPython's automatic call syntax", "IPython 자동 호출 문법", shown, head.line);
        }
        // MagicAssign / SystemAssign: name = %magic ..., name = !cmd ...
        int depth = 0;
        for (std::size_t i = 0; i + 1 < line.size(); ++i) {
            if (line[i].kind == T_EQUAL && depth == 0) {
                const Token& next = line[i + 1];
                const std::string n = token_text(text, next);
                const bool magic = n == "%" && i + 2 < line.size() && line[i + 2].kind == T_NAME;
                if (i > 0 && (magic || n == "!")) {
                    const std::string shown = shorten(line_of(text, head.line));
                    return magic ? found("the IPython magic", "IPython 매직", shown, head.line)
                                 : found("the shell command", "셸 명령", shown, head.line);
                }
                break;
            }
            if (line[i].kind == T_LPAR || line[i].kind == T_LSQB || line[i].kind == T_LBRACE) ++depth;
            if ((line[i].kind == T_RPAR || line[i].kind == T_RSQB || line[i].kind == T_RBRACE) && depth > 0) --depth;
        }
        // HelpEnd: obj? / obj.attr?? at the end of a logical line
        const Token& last = line.back();
        if (token_text(text, last) == "?" && text[static_cast<std::size_t>(last.end)] == '\n') {
            const std::size_t from = static_cast<std::size_t>(head.start);
            const std::string_view whole(text.data() + from, static_cast<std::size_t>(last.end) - from);
            if (help_end(whole)) return found("IPython's help", "IPython 도움말", shorten(std::string(whole)), head.line);
        }
    }
    return std::nullopt;
}

}  // namespace tlab
