// traceback.cpp — an uncaught exception as CPython 3.11 prints it: the frames with their source
// lines and ^~~~ markers, the chained exceptions, the "Did you mean" suggestions, and syntax
// errors with their caret line.
#include "python/traceback.hpp"

#include <algorithm>
#include <cstdint>

#include "python/parser.hpp"
#include "python/strings.hpp"

namespace tlab {

namespace {

std::string line_of(const std::string& text, int line) {
    std::size_t start = 0;
    for (int n = 1; n < line; ++n) {
        start = text.find('\n', start);
        if (start == std::string::npos) return "";
        ++start;
    }
    const std::size_t end = text.find('\n', start);
    return text.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// Characters (code points) in the first `bytes` bytes of s.
int char_offset(const std::string& s, int bytes) {
    if (bytes <= 0) return 0;
    return static_cast<int>(utf8_length(s.substr(0, std::min<std::size_t>(static_cast<std::size_t>(bytes), s.size()))));
}

bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\n' || c == '\r' || c == '\v'; }

std::string strip(const std::string& s) {
    std::size_t b = 0, e = s.size();
    while (b < e && is_ws(s[b])) ++b;
    while (e > b && is_ws(s[e - 1])) --e;
    return s.substr(b, e - b);
}

// _extract_caret_anchors_from_line_segment: "~~^~~" for a binary operation, "~~^^^" for a
// subscript; false when the segment is neither.
bool caret_anchors(const std::string& segment, int& left_end, int& right_start) {
    ParseResult r = parse_module(segment, "<segment>");
    if (!r.module || r.module->body.size() != 1 || r.module->body[0]->kind != StmtKind::expr) return false;
    const Expr* e = static_cast<ExprStmt*>(r.module->body[0])->value;
    auto norm = [&](int bytes) { return char_offset(segment, bytes); };
    if (e->kind == ExprKind::bin_op) {
        auto* b = static_cast<const BinOp*>(e);
        if (b->left->pos.end_line != 1 || b->right->pos.line != 1) return false;
        const int op_start = norm(b->left->pos.end_col);
        const int op_end = norm(b->right->pos.col);
        const std::vector<std::uint32_t> cps = utf8_decode(segment);
        int op_offset = 0;
        while (op_start + op_offset < op_end && is_space(cps[static_cast<std::size_t>(op_start + op_offset)])) ++op_offset;
        const int left_anchor = b->left->pos.end_col + op_offset;
        int right_anchor = left_anchor + 1;
        const int op_len = op_end - op_start;
        if (op_offset + 1 < op_len && !is_space(cps[static_cast<std::size_t>(op_start + op_offset + 1)])) ++right_anchor;
        left_end = norm(left_anchor);
        right_start = norm(right_anchor);
        return true;
    }
    if (e->kind == ExprKind::subscript) {
        auto* s = static_cast<const Subscript*>(e);
        if (s->value->pos.end_line != 1 || s->slice->pos.end_line != 1) return false;
        left_end = norm(s->value->pos.end_col);
        right_start = norm(s->slice->pos.end_col + 1);
        return true;
    }
    return false;
}

// Characters in the first `bytes` bytes of s, as _PyPegen_byte_offset_to_character_offset
// counts them (clamped to the string; a cut inside a character counts that character).
int chars_upto(const std::string& s, int bytes) {
    if (bytes > static_cast<int>(s.size()) + 1) bytes = static_cast<int>(s.size()) + 1;
    return char_offset(s, bytes);
}

std::string sub_chars(const std::string& s, int from, int to) {
    const std::vector<std::uint32_t> cps = utf8_decode(s);
    std::string out;
    for (int k = std::max(from, 0); k < to && k < static_cast<int>(cps.size()); ++k) utf8_append(out, cps[static_cast<std::size_t>(k)]);
    return out;
}

// One frame. Scripts print tracebacks from C (Python/traceback.c's tb_displayline); notebook
// cells go through the traceback module (StackSummary.format_frame_summary). The two differ in
// small ways kept here: whether trailing whitespace counts when the markers would cover the
// whole line, and where a multi-line expression's markers end.
std::string format_frame(TracebackStyle style, const std::string& file, int lineno, const std::string& name,
                         const std::string& line, int col, int end_line, int end_col) {
    std::string row = "  File \"" + file + "\", line " + std::to_string(lineno) + ", in " + name + "\n";
    const std::string stripped = strip(line);
    if (stripped.empty()) return row;
    std::size_t lead = 0;
    while (lead < line.size() && (line[lead] == ' ' || line[lead] == '\t' || line[lead] == '\f')) ++lead;
    const int leading = static_cast<int>(utf8_length(line.substr(0, lead)));
    if (style == TracebackStyle::script) {
        std::string shown = line.substr(lead);
        row += "    " + shown + "\n";
        int start = chars_upto(line, col);
        int end = chars_upto(line, end_col);
        bool anchors = false;
        int left_end = -1, right_start = -1;
        if (lineno == end_line) {
            anchors = caret_anchors(sub_chars(line, start, end), left_end, right_start);
            if (anchors) {
                left_end += start;
                right_start += start;
            }
        } else {
            int i = static_cast<int>(line.size());
            while (--i >= 0 && (line[static_cast<std::size_t>(i)] == ' ' || line[static_cast<std::size_t>(i)] == '\t' ||
                                line[static_cast<std::size_t>(i)] == '\f')) {
            }
            end = chars_upto(line, i + 1);
        }
        const int stripped_len = static_cast<int>(utf8_length(line)) - leading;
        if (end - start == stripped_len && !anchors) return row;
        std::string marks = "    ";
        for (int offset = leading + 1; offset <= end; ++offset) {
            if (offset <= start) marks += ' ';
            else if (anchors && left_end < offset && offset <= right_start) marks += '^';
            else marks += anchors ? '~' : '^';
        }
        // The loop above starts after the indentation the line lost; re-add it as spaces.
        return row + marks + "\n";
    }
    row += "    " + stripped + "\n";
    const std::string orig = line + "\n";  // linecache keeps the newline
    const int stripped_chars = static_cast<int>(utf8_length(orig)) - static_cast<int>(utf8_length(stripped));
    int start = chars_upto(orig, col) + 1;
    int end = chars_upto(orig, end_col) + 1;
    bool anchors = false;
    int left_end = 0, right_start = 0;
    if (lineno == end_line) {
        anchors = caret_anchors(sub_chars(orig, start - 1, end - 1), left_end, right_start);
    } else {
        end = stripped_chars + static_cast<int>(utf8_length(stripped));
    }
    const int stripped_len = static_cast<int>(utf8_length(stripped));
    if (end - start < stripped_len || (anchors && right_start - left_end > 0)) {
        row += "    " + std::string(static_cast<std::size_t>(std::max(0, start - stripped_chars)), ' ');
        if (anchors) {
            row += std::string(static_cast<std::size_t>(left_end), '~');
            row += std::string(static_cast<std::size_t>(right_start - left_end), '^');
            row += std::string(static_cast<std::size_t>(std::max(0, end - start - right_start)), '~');
        } else {
            row += std::string(static_cast<std::size_t>(std::max(0, end - start)), '^');
        }
        row += "\n";
    }
    return row;
}

std::string format_stack(TracebackStyle style, const std::vector<TracebackEntry>& entries) {
    std::string out;
    std::string last_file, last_name;
    int last_line = -1;
    int count = 0;
    constexpr int kCutoff = 3;
    auto flush_repeats = [&] {
        if (count > kCutoff) {
            const int more = count - kCutoff;
            out += "  [Previous line repeated " + std::to_string(more) + " more time" + (more > 1 ? "s" : "") + "]\n";
        }
    };
    for (const TracebackEntry& e : entries) {
        const std::string file = e.module ? e.module->filename : e.file;
        const int line = e.module ? e.pos.line : e.line;
        const std::string& name = e.function;
        if (file != last_file || line != last_line || name != last_name) {
            flush_repeats();
            last_file = file;
            last_line = line;
            last_name = name;
            count = 0;
        }
        ++count;
        if (count > kCutoff) continue;
        if (e.module) {
            out += format_frame(style, file, line, name, line_of(e.module->source, line), e.pos.col, e.pos.end_line,
                                e.pos.end_col);
        } else if (e.col >= 0) {
            // A library line with the instruction's columns: marked by the same rules as the code's own.
            out += format_frame(style, file, line, name, e.code_line, e.col, line, e.end_col);
        } else {
            std::string row = "  File \"" + file + "\", line " + std::to_string(line) + ", in " + name + "\n";
            const std::string code = strip(e.code_line);
            if (!code.empty()) row += "    " + code + "\n";
            out += row;
        }
    }
    flush_repeats();
    return out;
}

// ---- suggestions (Python/suggestions.c)

constexpr std::size_t kMaxStringSize = 40;
constexpr std::size_t kMoveCost = 2;
constexpr std::size_t kCaseCost = 1;

std::size_t substitution_cost(char a, char b) {
    if ((a & 31) != (b & 31)) return kMoveCost;
    if (a == b) return 0;
    if (a >= 'A' && a <= 'Z') a = static_cast<char>(a + ('a' - 'A'));
    if (b >= 'A' && b <= 'Z') b = static_cast<char>(b + ('a' - 'A'));
    return a == b ? kCaseCost : kMoveCost;
}

std::size_t levenshtein(const char* a, std::size_t a_size, const char* b, std::size_t b_size, std::size_t max_cost) {
    while (a_size && b_size && a[0] == b[0]) {
        ++a;
        ++b;
        --a_size;
        --b_size;
    }
    while (a_size && b_size && a[a_size - 1] == b[b_size - 1]) {
        --a_size;
        --b_size;
    }
    if (a_size == 0 || b_size == 0) return (a_size + b_size) * kMoveCost;
    if (a_size > kMaxStringSize || b_size > kMaxStringSize) return max_cost + 1;
    if (b_size < a_size) {
        std::swap(a, b);
        std::swap(a_size, b_size);
    }
    if ((b_size - a_size) * kMoveCost > max_cost) return max_cost + 1;
    std::size_t buffer[kMaxStringSize];
    std::size_t tmp = kMoveCost;
    for (std::size_t i = 0; i < a_size; ++i) {
        buffer[i] = tmp;
        tmp += kMoveCost;
    }
    std::size_t result = 0;
    for (std::size_t bi = 0; bi < b_size; ++bi) {
        const char code = b[bi];
        std::size_t distance = result = bi * kMoveCost;
        std::size_t minimum = SIZE_MAX;
        for (std::size_t index = 0; index < a_size; ++index) {
            const std::size_t substitute = distance + substitution_cost(code, a[index]);
            distance = buffer[index];
            const std::size_t insert_delete = std::min(result, distance) + kMoveCost;
            result = std::min(insert_delete, substitute);
            buffer[index] = result;
            if (result < minimum) minimum = result;
        }
        if (minimum > max_cost) return max_cost + 1;
    }
    return result;
}

}  // namespace

std::string suggest(const std::string& name, const std::vector<std::string>& candidates) {
    if (candidates.size() >= 750) return "";
    std::size_t best_distance = SIZE_MAX;
    const std::string* best = nullptr;
    for (const std::string& item : candidates) {
        if (item == name) continue;
        std::size_t max_distance = (name.size() + item.size() + 3) * kMoveCost / 6;
        if (best_distance != SIZE_MAX) max_distance = std::min(max_distance, best_distance - 1);
        const std::size_t d = levenshtein(name.data(), name.size(), item.data(), item.size(), max_distance);
        if (d > max_distance) continue;
        if (best == nullptr || d < best_distance) {
            best = &item;
            best_distance = d;
        }
    }
    return best ? *best : "";
}

std::string format_exception_only(Interp& in, const Value& exc) {
    auto* e = exc.as<ExceptionObj>();
    const TypeObj* cls = e->cls;
    std::string type = cls->name;
    if (cls->module != "builtins" && cls->module != "__main__") type = cls->module + "." + type;
    std::string msg;
    try {
        msg = in.str(exc);
    } catch (PyException&) {
        msg = "<exception str() failed>";
    }
    std::string line = msg.empty() ? type : type + ": " + msg;
    if (!e->suggestion.empty()) line += ". Did you mean: '" + e->suggestion + "'?";
    return line + "\n";
}

std::string format_traceback(Interp& in, const Value& exc, TracebackStyle style) {
    // Chained exceptions print oldest first, joined by the cause/context messages.
    struct Link {
        Value exc;
        int how;  // 0 none, 1 cause, 2 context (what this one is to the one before it)
    };
    std::vector<Link> chain;
    std::vector<const Object*> seen;
    Value cur = exc;
    int how = 0;
    while (auto* e = cur.as<ExceptionObj>()) {
        if (std::find(seen.begin(), seen.end(), cur.obj()) != seen.end()) break;
        seen.push_back(cur.obj());
        chain.push_back({cur, how});
        if (!e->cause.is_none()) {
            cur = e->cause;
            how = 1;
        } else if (!e->context.is_none() && !e->suppress_context) {
            cur = e->context;
            how = 2;
        } else {
            break;
        }
    }
    std::string out;
    for (std::size_t k = chain.size(); k-- > 0;) {
        auto* e = chain[k].exc.as<ExceptionObj>();
        if (!e->traceback.empty()) out += "Traceback (most recent call last):\n" + format_stack(style, e->traceback);
        out += format_exception_only(in, chain[k].exc);
        if (k > 0) {
            out += chain[k].how == 1
                       ? "\nThe above exception was the direct cause of the following exception:\n\n"
                       : "\nDuring handling of the above exception, another exception occurred:\n\n";
        }
    }
    return out;
}

std::vector<std::string> traceback_lines(Interp& in, const Value& exc) {
    std::vector<std::string> lines;
    const std::string text = format_traceback(in, exc, TracebackStyle::notebook);
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        lines.push_back(text.substr(start, end - start));
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return lines;
}

std::string format_syntax_error(const SyntaxErrorInfo& e, const std::string& filename, TracebackStyle style) {
    std::string out = "  File \"" + filename + "\", line " + std::to_string(e.line) + "\n";
    std::string text = e.text;
    while (!text.empty() && text.back() == '\n') text.pop_back();
    std::size_t lead = 0;
    while (lead < text.size() && (text[lead] == ' ' || text[lead] == '\n' || text[lead] == '\f')) ++lead;
    const std::string ltext = text.substr(lead);
    const int spaces = static_cast<int>(utf8_length(text.substr(0, lead)));
    if (!text.empty() || e.offset > 0) {
        out += "    " + ltext + "\n";
        if (e.offset > 0) {
            int offset = e.offset;
            int end_offset = e.end_offset > 0 ? e.end_offset : offset;
            // python3 FILE.py marks "expected an indented block" with one caret where compile()
            // gives the whole first token of the line.
            if (style == TracebackStyle::script && e.msg.rfind("expected an indented block", 0) == 0) end_offset = offset;
            if (e.end_line > e.line || end_offset == offset || end_offset == -1) end_offset = offset + 1;
            if (e.end_line > e.line) end_offset = offset + 1;
            const int colno = offset - 1 - spaces;
            const int end_colno = end_offset - 1 - spaces;
            if (colno >= 0) {
                std::string caretspace;
                const std::vector<std::uint32_t> cps = utf8_decode(ltext);
                for (int k = 0; k < colno && k < static_cast<int>(cps.size()); ++k) {
                    caretspace += is_space(cps[static_cast<std::size_t>(k)]) ? static_cast<char>(cps[static_cast<std::size_t>(k)]) : ' ';
                }
                for (int k = static_cast<int>(cps.size()); k < colno; ++k) caretspace += ' ';
                out += "    " + caretspace + std::string(static_cast<std::size_t>(std::max(1, end_colno - colno)), '^') + "\n";
            }
        }
    }
    return out + e.type + ": " + e.msg + "\n";
}

namespace {

// The line of an unindent that matches no outer indentation level, as Lib/tokenize.py finds it
// (0 when there is none): indentation is measured at the start of each logical line (outside
// brackets, strings and backslash continuations; blank and comment lines skipped), tabs to the
// next multiple of 8. `pos` receives the line's indentation in characters.
int tokenize_dedent_error(const std::string& src, int& pos) {
    std::vector<int> indents{0};
    int depth = 0, lnum = 0;
    bool continued = false;
    std::string quote;  // the open string's quote (one or three characters), or empty
    std::size_t i = 0;
    while (i < src.size()) {
        const std::size_t eol = src.find('\n', i);
        const std::size_t end = eol == std::string::npos ? src.size() : eol + 1;
        ++lnum;
        std::size_t k = i;
        if (quote.empty() && depth == 0 && !continued) {
            int column = 0;
            while (k < end && (src[k] == ' ' || src[k] == '\t' || src[k] == '\f')) {
                column = src[k] == ' ' ? column + 1 : src[k] == '\t' ? (column / 8 + 1) * 8 : 0;
                ++k;
            }
            if (k < end && src[k] != '#' && src[k] != '\r' && src[k] != '\n') {
                if (column > indents.back()) indents.push_back(column);
                while (column < indents.back()) {
                    if (std::find(indents.begin(), indents.end(), column) == indents.end()) {
                        pos = static_cast<int>(k - i);
                        return lnum;
                    }
                    indents.pop_back();
                }
            }
        }
        continued = false;
        for (; k < end; ++k) {
            const char c = src[k];
            if (!quote.empty()) {
                if (c == '\\') {
                    if (k + 1 < end && src[k + 1] == '\n' && quote.size() == 1) continued = true;
                    ++k;
                } else if (src.compare(k, quote.size(), quote) == 0) {
                    k += quote.size() - 1;
                    quote.clear();
                } else if (c == '\n' && quote.size() == 1) {
                    quote.clear();  // an unterminated string: tokenize goes on after it
                }
                continue;
            }
            if (c == '#') break;
            if (c == '"' || c == '\'') {
                quote = src.compare(k, 3, std::string(3, c)) == 0 ? std::string(3, c) : std::string(1, c);
                k += quote.size() - 1;
            } else if (c == '(' || c == '[' || c == '{') {
                ++depth;
            } else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
                --depth;
            } else if (c == '\\' && k + 1 < end && src[k + 1] == '\n') {
                continued = true;
                break;
            }
        }
        i = end;
    }
    return 0;
}

std::vector<std::string> split_lines(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        lines.push_back(text.substr(start, end - start));
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return lines;
}

}  // namespace

NotebookSyntaxError notebook_syntax_error(const SyntaxErrorInfo& error, const std::string& filename,
                                         const std::string& source) {
    SyntaxErrorInfo e = error;
    std::string file = filename;
    int pos = 0;
    if (const int line = tokenize_dedent_error(source, pos)) {
        e = SyntaxErrorInfo{};
        e.type = "IndentationError";
        e.msg = "unindent does not match any outer indentation level";
        e.line = line;
        e.offset = pos;
        e.text = line_of(source, line) + "\n";
        file = "<tokenize>";
    }
    NotebookSyntaxError out;
    out.ename = e.type;
    out.evalue = e.msg + " (" + file + ", line " + std::to_string(e.line) + ")";
    out.traceback = split_lines(format_syntax_error(e, file, TracebackStyle::notebook));
    return out;
}

std::vector<TracebackEntry> library_frame_entries(const LibraryFrameData* frames, std::size_t count,
                                                  const char* const* files) {
    std::vector<TracebackEntry> out(count);
    for (std::size_t k = 0; k < count; ++k) {
        const LibraryFrameData& d = frames[k];
        TracebackEntry& t = out[k];
        t.file = files[d.file];
        t.line = d.line;
        t.function = d.function;
        if (*d.code != '\0') t.code_line = std::string(d.indent, ' ') + d.code;
        t.col = d.col;
        t.end_col = d.end_col;
    }
    return out;
}

}  // namespace tlab
