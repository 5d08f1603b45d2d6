// lexer.cpp — a port of CPython 3.11's tok_get (Parser/tokenizer.c): the same reading order, the
// same look-ahead and the same error texts and positions, so that which error a broken program
// gets, and where, follows CPython. Comments name the CPython function a piece comes from.
#include "python/lexer.hpp"

#include "python/strings.hpp"

#include <cstring>

namespace tlab {

namespace {

constexpr int kEof = -1;
constexpr int kMaxIndent = 100;  // CPython's MAXINDENT
constexpr int kMaxLevel = 200;   // MAXLEVEL: brackets open at once
constexpr int kTabSize = 8;

bool is_digit(int c) { return c >= '0' && c <= '9'; }
bool is_xdigit(int c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }
bool is_id_start_byte(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 128;
}
bool is_id_char_byte(int c) { return is_id_start_byte(c) || is_digit(c); }

// Identifier classes of the non-ASCII blocks a course in Korean may meet, from Python 3.11's
// unicodedata (str.isidentifier): 2 = XID_Start, 1 = XID_Continue only. Code points outside these
// blocks are not identifier characters here (CPython accepts letters of every script).
struct IdRange { std::uint32_t lo, hi; std::uint8_t cls; };
constexpr IdRange kIdRanges[] = {
    {0xAA, 0xAB, 2}, {0xB5, 0xB6, 2}, {0xB7, 0xB8, 1}, {0xBA, 0xBB, 2}, {0xC0, 0xD7, 2},
    {0xD8, 0xF7, 2}, {0xF8, 0x2C2, 2}, {0x2C6, 0x2D2, 2}, {0x2E0, 0x2E5, 2}, {0x2EC, 0x2ED, 2},
    {0x2EE, 0x2EF, 2}, {0x300, 0x370, 1}, {0x370, 0x375, 2}, {0x376, 0x378, 2}, {0x37B, 0x37E, 2},
    {0x37F, 0x380, 2}, {0x386, 0x387, 2}, {0x387, 0x388, 1}, {0x388, 0x38B, 2}, {0x38C, 0x38D, 2},
    {0x38E, 0x3A2, 2}, {0x3A3, 0x3F6, 2}, {0x3F7, 0x482, 2}, {0x483, 0x488, 1}, {0x48A, 0x530, 2},
    {0x1100, 0x1200, 2}, {0x203F, 0x2041, 1}, {0x2054, 0x2055, 1}, {0x3005, 0x3008, 2},
    {0x3021, 0x302A, 2}, {0x302A, 0x3030, 1}, {0x3031, 0x3036, 2}, {0x3038, 0x303D, 2},
    {0x3041, 0x3097, 2}, {0x3099, 0x309B, 1}, {0x309D, 0x30A0, 2}, {0x30A1, 0x30FB, 2},
    {0x30FC, 0x3100, 2}, {0x3131, 0x318F, 2}, {0x3400, 0x4DC0, 2}, {0x4E00, 0xA000, 2},
    {0xA960, 0xA97D, 2}, {0xAC00, 0xD7A4, 2}, {0xD7B0, 0xD7C7, 2}, {0xD7CB, 0xD7FC, 2},
    {0xFF10, 0xFF1A, 1}, {0xFF21, 0xFF3B, 2}, {0xFF3F, 0xFF40, 1}, {0xFF41, 0xFF5B, 2},
    {0xFF66, 0xFF9E, 2}, {0xFF9E, 0xFFA0, 1}, {0xFFA0, 0xFFBF, 2}, {0xFFC2, 0xFFC8, 2},
    {0xFFCA, 0xFFD0, 2}, {0xFFD2, 0xFFD8, 2}, {0xFFDA, 0xFFDD, 2},
};

// Not printable (str.isprintable() is False) among the blocks above, plus private use: the
// tokenizer words these "invalid non-printable character".
struct CpRange { std::uint32_t lo, hi; };

int id_class(std::uint32_t c) {
    for (const IdRange& r : kIdRanges)
        if (c >= r.lo && c < r.hi) return r.cls;
    return 0;
}

}  // namespace

bool is_id_start(std::uint32_t c) {
    if (c < 128) return is_id_start_byte(static_cast<int>(c));
    return id_class(c) == 2;
}

bool is_id_continue(std::uint32_t c) {
    if (c < 128) return is_id_char_byte(static_cast<int>(c));
    return id_class(c) != 0;
}

std::string join(std::initializer_list<std::string_view> parts) {
    std::string out;
    for (std::string_view p : parts) out.append(p);
    return out;
}

std::string decimal(long long v) {
    char buf[24];
    char* e = buf + sizeof buf;
    char* b = e;
    const bool neg = v < 0;
    unsigned long long u = neg ? 0ULL - static_cast<unsigned long long>(v) : static_cast<unsigned long long>(v);
    do *--b = static_cast<char>('0' + u % 10);
    while ((u /= 10) != 0);
    if (neg) *--b = '-';
    return std::string(b, e);
}

std::string hex_upper(std::uint32_t v, int digits) {
    std::string out;
    for (int shift = 28; shift >= 0; shift -= 4) {
        const int d = static_cast<int>((v >> shift) & 15);
        if (d != 0 || !out.empty() || shift < digits * 4) out += "0123456789ABCDEF"[d];
    }
    return out;
}

std::uint32_t decode_utf8(std::string_view s, int& i) {
    auto b = [&](int k) { return static_cast<unsigned char>(s[k]); };
    std::uint32_t c = b(i);
    int n = c < 0x80 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3;
    if (n) c &= 0x3F >> n;
    ++i;
    while (n-- && i < static_cast<int>(s.size()) && (b(i) & 0xC0) == 0x80) c = (c << 6) | (b(i++) & 0x3F);
    return c;
}

std::string normalize_source(std::string_view source, bool from_string) {
    std::string out;
    out.reserve(source.size() + 1);
    std::size_t i = 0;
    if (source.substr(0, 3) == "\xEF\xBB\xBF") i = 3;
    bool crlf_last = false;
    for (; i < source.size(); ++i) {
        char c = source[i];
        crlf_last = false;
        if (c == '\r') {
            if (i + 1 < source.size() && source[i + 1] == '\n') {
                ++i;
                crlf_last = true;
            }
            c = '\n';
        }
        out += c;
    }
    // translate_newlines (compile() of a str) ends a text whose last line ends in "\r\n" with
    // one more, empty line; a file read from disk does not get it.
    if (out.empty() || out.back() != '\n' || (from_string && crlf_last)) out += '\n';
    return out;
}

int char_offset(std::string_view line, int byte_offset) {
    int n = byte_offset < 0 ? 0 : byte_offset;
    const int len = static_cast<int>(line.size());
    int chars = 0;
    for (int i = 0; i < n && i < len; ++i)
        if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++chars;
    return chars + (n > len ? 1 : 0);
}

Lexer::Lexer(std::string_view text, int line0, int col0) : text_(text), line0_(line0), col0_(col0) {}

// tok_nextc: the next byte, reading a new line when the current one is used up.
int Lexer::nextc() {
    if (cur_ != inp_) return static_cast<unsigned char>(text_[cur_++]);
    if (eof_ || inp_ >= static_cast<int>(text_.size())) {
        eof_ = true;
        if (done_ == LexDone::ok) done_ = LexDone::eof;
        return kEof;
    }
    // tok_underflow_string: the next line becomes the current one
    const std::size_t nl = text_.find('\n', inp_);
    ++lineno_;
    if (tok_start_ < 0) buf_ = cur_;  // a token running over lines keeps its first line in buf
    line_start_ = cur_;
    inp_ = nl == std::string_view::npos ? static_cast<int>(text_.size()) : static_cast<int>(nl) + 1;
    return static_cast<unsigned char>(text_[cur_++]);
}

void Lexer::backup(int c) {
    if (c != kEof) --cur_;
}

// lookahead: `rest` follows and does not run on into an identifier ("1andy" is no "1 and").
bool Lexer::lookahead(const char* rest) {
    const char* s = rest;
    bool res = false;
    for (;;) {
        const int c = nextc();
        if (*s == 0) {
            res = !is_id_char_byte(c);
        } else if (c == static_cast<unsigned char>(*s)) {
            ++s;
            continue;
        }
        backup(c);
        while (s != rest) backup(static_cast<unsigned char>(*--s));
        return res;
    }
}

std::string_view Lexer::line_text(int line) const {
    int l = line - line0_, i = 0;
    const int n = static_cast<int>(text_.size());
    while (l > 1 && i < n) {
        const std::size_t nl = text_.find('\n', i);
        if (nl == std::string_view::npos) { i = n; break; }
        i = static_cast<int>(nl) + 1;
        --l;
    }
    std::size_t e = text_.find('\n', i);
    if (e == std::string_view::npos) e = text_.size();
    return text_.substr(i, e - i);
}

Token Lexer::make(TokKind k, int start, int end) {
    // initialize_token (pegen.c): strings start on the line where they opened
    Token t;
    t.kind = k;
    t.start = start;
    t.end = end;
    t.level = static_cast<std::uint8_t>(level_);
    const bool str = k == T_STRING;
    const int first_line = str ? first_lineno_ : lineno_;
    const int ls = str ? multi_line_start_ : line_start_;
    t.line = line0_ + first_line;
    t.end_line = line0_ + lineno_;
    t.col = start >= 0 && start >= ls ? start - ls : -1;
    t.end_col = end >= 0 && end >= line_start_ ? end - line_start_ : -1;
    if (lineno_ == 1) {  // p->tok->lineno == p->starting_lineno: shift the first line
        if (t.col >= 0) t.col += col0_;
        if (t.end_col >= 0) t.end_col += col0_;
    }
    return t;
}

Token Lexer::fail(LexDone d) {
    done_ = d;
    Token t = make(T_ERROR, -1, -1);
    return t;
}

// syntaxerror / _syntaxerror_range: columns count characters up to where reading stopped.
Token Lexer::syntax_error(std::string msg, int col, int end_col) {
    const std::string_view line = text_.substr(line_start_);
    if (col == -1) col = char_offset(line, cur_ - line_start_);
    if (end_col == -1) end_col = col;
    const std::size_t nl = line.find('\n');
    error_.msg = std::move(msg);
    error_.line = lineno();
    error_.offset = col;
    error_.end_offset = end_col;
    error_.text = std::string(line.substr(0, nl));
    Token t = fail(LexDone::error);
    return t;
}

bool Lexer::verify_end_of_number(int c, const char* kind, Token& err) {
    bool r = false;
    if (c == 'a') r = lookahead("nd");
    else if (c == 'e') r = lookahead("lse");
    else if (c == 'f') r = lookahead("or");
    else if (c == 'i') {
        const int c2 = nextc();
        r = c2 == 'f' || c2 == 'n' || c2 == 's';
        backup(c2);
    } else if (c == 'o') r = lookahead("r");
    else if (c == 'n') r = lookahead("ot");
    if (r) return true;  // CPython only warns (DeprecationWarning) before a keyword
    if (is_id_char_byte(c)) {
        backup(c);
        err = syntax_error(join({"invalid ", kind, " literal"}));
        return false;
    }
    return true;
}

namespace {
// "invalid digit '8' in octal literal"
std::string bad_digit(int c, const char* kind) {
    const char digit[2] = {static_cast<char>(c), 0};
    return join({"invalid digit '", digit, "' in ", kind, " literal"});
}
}  // namespace

// tok_decimal_tail: digits with single underscores between them; returns the byte after, or 0
// after an error.
int Lexer::decimal_tail(Token& err) {
    int c;
    for (;;) {
        do c = nextc(); while (is_digit(c));
        if (c != '_') break;
        c = nextc();
        if (!is_digit(c)) {
            backup(c);
            err = syntax_error("invalid decimal literal");
            return 0;
        }
    }
    return c;
}

// verify_identifier: the first character that cannot be in an identifier is an error there.
bool Lexer::verify_identifier(Token& err) {
    const std::string_view s = text_.substr(tok_start_, cur_ - tok_start_);
    int i = 0;
    bool first = true;
    while (i < static_cast<int>(s.size())) {
        const int at = i;
        const std::uint32_t c = decode_utf8(s, i);
        const bool ok = first ? (c == '_' || is_id_start(c)) : is_id_continue(c);
        first = false;
        if (ok) continue;
        if (i < static_cast<int>(s.size())) cur_ = tok_start_ + i;
        const std::string_view ch = s.substr(at, i - at);
        if (is_printable(c))
            err = syntax_error(join({"invalid character '", ch, "' (U+", hex_upper(c, 4), ")"}));
        else
            err = syntax_error(join({"invalid non-printable character U+", hex_upper(c, 4)}));
        return false;
    }
    return true;
}

// tok_continuation_line: a backslash must end its line.
int Lexer::continuation_line() {
    int c = nextc();
    if (c != '\n') {
        done_ = LexDone::linecont;
        return -1;
    }
    c = nextc();
    if (c == kEof) {
        done_ = LexDone::eof;
        cur_ = inp_;
        return -1;
    }
    backup(c);
    return c;
}

namespace {

struct Keyword { const char* text; TokKind kind; };
constexpr Keyword kKeywords[] = {
    {"False", K_FALSE}, {"None", K_NONE}, {"True", K_TRUE}, {"and", K_AND}, {"as", K_AS},
    {"assert", K_ASSERT}, {"async", K_ASYNC}, {"await", K_AWAIT}, {"break", K_BREAK},
    {"class", K_CLASS}, {"continue", K_CONTINUE}, {"def", K_DEF}, {"del", K_DEL},
    {"elif", K_ELIF}, {"else", K_ELSE}, {"except", K_EXCEPT}, {"finally", K_FINALLY},
    {"for", K_FOR}, {"from", K_FROM}, {"global", K_GLOBAL}, {"if", K_IF}, {"import", K_IMPORT},
    {"in", K_IN}, {"is", K_IS}, {"lambda", K_LAMBDA}, {"nonlocal", K_NONLOCAL}, {"not", K_NOT},
    {"or", K_OR}, {"pass", K_PASS}, {"raise", K_RAISE}, {"return", K_RETURN}, {"try", K_TRY},
    {"while", K_WHILE}, {"with", K_WITH}, {"yield", K_YIELD},
};

TokKind keyword_or_name(std::string_view s) {
    for (const Keyword& k : kKeywords)
        if (s == k.text) return k.kind;
    return T_NAME;
}

// PyToken_OneChar / TwoChars / ThreeChars; T_OP when the characters make no operator.
TokKind one_char(int c) {
    switch (c) {
        case '(': return T_LPAR; case ')': return T_RPAR; case '[': return T_LSQB;
        case ']': return T_RSQB; case ':': return T_COLON; case ',': return T_COMMA;
        case ';': return T_SEMI; case '+': return T_PLUS; case '-': return T_MINUS;
        case '*': return T_STAR; case '/': return T_SLASH; case '|': return T_VBAR;
        case '&': return T_AMPER; case '<': return T_LESS; case '>': return T_GREATER;
        case '=': return T_EQUAL; case '.': return T_DOT; case '%': return T_PERCENT;
        case '{': return T_LBRACE; case '}': return T_RBRACE; case '~': return T_TILDE;
        case '^': return T_CIRCUMFLEX; case '@': return T_AT;
        default: return T_OP;
    }
}

TokKind two_chars(int a, int b) {
    switch (a) {
        case '!': return b == '=' ? T_NOTEQUAL : T_OP;
        case '%': return b == '=' ? T_PERCENTEQUAL : T_OP;
        case '&': return b == '=' ? T_AMPEREQUAL : T_OP;
        case '*': return b == '*' ? T_DOUBLESTAR : b == '=' ? T_STAREQUAL : T_OP;
        case '+': return b == '=' ? T_PLUSEQUAL : T_OP;
        case '-': return b == '=' ? T_MINEQUAL : b == '>' ? T_RARROW : T_OP;
        case '/': return b == '/' ? T_DOUBLESLASH : b == '=' ? T_SLASHEQUAL : T_OP;
        case ':': return b == '=' ? T_COLONEQUAL : T_OP;
        case '<': return b == '<' ? T_LEFTSHIFT : b == '=' ? T_LESSEQUAL : T_OP;  // "<>": see next()
        case '=': return b == '=' ? T_EQEQUAL : T_OP;
        case '>': return b == '=' ? T_GREATEREQUAL : b == '>' ? T_RIGHTSHIFT : T_OP;
        case '@': return b == '=' ? T_ATEQUAL : T_OP;
        case '^': return b == '=' ? T_CIRCUMFLEXEQUAL : T_OP;
        case '|': return b == '=' ? T_VBAREQUAL : T_OP;
        default: return T_OP;
    }
}

TokKind three_chars(int a, int b, int c) {
    if (c != '=') return a == '.' && b == '.' && c == '.' ? T_ELLIPSIS : T_OP;
    if (a == '*' && b == '*') return T_DOUBLESTAREQUAL;
    if (a == '/' && b == '/') return T_DOUBLESLASHEQUAL;
    if (a == '<' && b == '<') return T_LEFTSHIFTEQUAL;
    if (a == '>' && b == '>') return T_RIGHTSHIFTEQUAL;
    return T_OP;
}

}  // namespace

Token Lexer::next() {
    if (done_ != LexDone::ok && done_ != LexDone::eof) return make(T_ERROR, -1, -1);
    int c;
    bool blankline = false;
    Token err;

nextline:
    tok_start_ = -1;
    blankline = false;
    if (atbol_) {  // the indentation of a new line
        int col = 0, altcol = 0, cont_line_col = 0;
        atbol_ = false;
        for (;;) {
            c = nextc();
            if (c == ' ') {
                ++col, ++altcol;
            } else if (c == '\t') {
                col = (col / kTabSize + 1) * kTabSize;
                altcol = altcol + 1;
            } else if (c == '\f') {
                col = altcol = 0;
            } else if (c == '\\') {
                cont_line_col = cont_line_col ? cont_line_col : col;
                if ((c = continuation_line()) == -1) return make(T_ERROR, -1, -1);
            } else {
                break;
            }
        }
        backup(c);
        if (c == '#' || c == '\n') blankline = true;  // comment-only and blank lines
        if (!blankline && level_ == 0) {
            col = cont_line_col ? cont_line_col : col;
            altcol = cont_line_col ? cont_line_col : altcol;
            if (col == indstack_[indent_]) {
                if (altcol != altindstack_[indent_]) {
                    cur_ = inp_;
                    return fail(LexDone::tabspace);
                }
            } else if (col > indstack_[indent_]) {
                if (indent_ + 1 >= kMaxIndent) {
                    cur_ = inp_;
                    return fail(LexDone::toodeep);
                }
                if (altcol <= altindstack_[indent_]) {
                    cur_ = inp_;
                    return fail(LexDone::tabspace);
                }
                ++pendin_;
                indstack_[++indent_] = col;
                altindstack_[indent_] = altcol;
            } else {
                while (indent_ > 0 && col < indstack_[indent_]) {
                    --pendin_;
                    --indent_;
                }
                if (col != indstack_[indent_]) {
                    cur_ = inp_;
                    return fail(LexDone::dedent);
                }
                if (altcol != altindstack_[indent_]) {
                    cur_ = inp_;
                    return fail(LexDone::tabspace);
                }
            }
        }
    }

    tok_start_ = cur_;
    if (pendin_ != 0) {
        if (pendin_ < 0) {
            ++pendin_;
            return make(T_DEDENT, -1, -1);
        }
        --pendin_;
        return make(T_INDENT, -1, -1);
    }

again:
    tok_start_ = -1;
    do c = nextc(); while (c == ' ' || c == '\t' || c == '\f');
    tok_start_ = cur_ - 1;
    if (c == kEof) tok_start_ = cur_;

    if (c == '#')
        while (c != kEof && c != '\n') c = nextc();

    if (c == kEof) {
        if (level_) return make(T_ERROR, -1, -1);  // done_ is eof: "'(' was never closed"
        done_ = LexDone::eof;
        return make(T_END, -1, -1);
    }

    // identifiers, keywords and string prefixes
    if (is_id_start_byte(c)) {
        bool saw_b = false, saw_r = false, saw_u = false, saw_f = false;
        for (;;) {
            if (!(saw_b || saw_u || saw_f) && (c == 'b' || c == 'B')) saw_b = true;
            else if (!(saw_b || saw_u || saw_r || saw_f) && (c == 'u' || c == 'U')) saw_u = true;
            else if (!(saw_r || saw_u) && (c == 'r' || c == 'R')) saw_r = true;
            else if (!(saw_f || saw_b || saw_u) && (c == 'f' || c == 'F')) saw_f = true;
            else break;
            c = nextc();
            if (c == '"' || c == '\'') goto letter_quote;
        }
        bool nonascii = false;
        while (is_id_char_byte(c)) {
            if (c >= 128) nonascii = true;
            c = nextc();
        }
        backup(c);
        if (nonascii && !verify_identifier(err)) return err;
        Token t = make(T_NAME, tok_start_, cur_);
        t.kind = keyword_or_name(text_of(t));
        return t;
    }

    if (c == '\n') {
        atbol_ = true;
        if (blankline || level_ > 0) goto nextline;
        return make(T_NEWLINE, tok_start_, cur_ - 1);
    }

    if (c == '.') {
        c = nextc();
        if (is_digit(c)) goto fraction;
        if (c == '.') {
            c = nextc();
            if (c == '.') return make(T_ELLIPSIS, tok_start_, cur_);
            backup(c);
            backup('.');
        } else {
            backup(c);
        }
        return make(T_DOT, tok_start_, cur_);
    }

    if (is_digit(c)) {
        if (c == '0') {
            c = nextc();
            if (c == 'x' || c == 'X') {
                c = nextc();
                do {
                    if (c == '_') c = nextc();
                    if (!is_xdigit(c)) {
                        backup(c);
                        return syntax_error("invalid hexadecimal literal");
                    }
                    do c = nextc(); while (is_xdigit(c));
                } while (c == '_');
                if (!verify_end_of_number(c, "hexadecimal", err)) return err;
            } else if (c == 'o' || c == 'O' || c == 'b' || c == 'B') {
                const bool octal = c == 'o' || c == 'O';
                const int top = octal ? '8' : '2';
                const char* kind = octal ? "octal" : "binary";
                c = nextc();
                do {
                    if (c == '_') c = nextc();
                    if (c < '0' || c >= top) {
                        if (is_digit(c))
                            return syntax_error(bad_digit(c, kind));
                        backup(c);
                        return syntax_error(join({"invalid ", kind, " literal"}));
                    }
                    do c = nextc(); while ('0' <= c && c < top);
                } while (c == '_');
                if (is_digit(c))
                    return syntax_error(bad_digit(c, kind));
                if (!verify_end_of_number(c, kind, err)) return err;
            } else {
                bool nonzero = false;
                for (;;) {  // maybe an old-style octal; "0", "00" and "0_0" are fine
                    if (c == '_') {
                        c = nextc();
                        if (!is_digit(c)) {
                            backup(c);
                            return syntax_error("invalid decimal literal");
                        }
                    }
                    if (c != '0') break;
                    c = nextc();
                }
                const int zeros_end = cur_;
                if (is_digit(c)) {
                    nonzero = true;
                    c = decimal_tail(err);
                    if (c == 0) return err;
                }
                if (c == '.') {
                    c = nextc();
                    goto fraction;
                }
                if (c == 'e' || c == 'E') goto exponent;
                if (c == 'j' || c == 'J') goto imaginary;
                if (nonzero) {
                    backup(c);
                    return syntax_error("leading zeros in decimal integer literals are not permitted; "
                                        "use an 0o prefix for octal integers",
                                        tok_start_ + 1 - line_start_, zeros_end - line_start_);
                }
                if (!verify_end_of_number(c, "decimal", err)) return err;
            }
        } else {
            c = decimal_tail(err);
            if (c == 0) return err;
            if (c == '.') {
                c = nextc();
            fraction:
                if (is_digit(c)) {
                    c = decimal_tail(err);
                    if (c == 0) return err;
                }
            }
            if (c == 'e' || c == 'E') {
                int e;
            exponent:
                e = c;
                c = nextc();
                if (c == '+' || c == '-') {
                    c = nextc();
                    if (!is_digit(c)) {
                        backup(c);
                        return syntax_error("invalid decimal literal");
                    }
                } else if (!is_digit(c)) {
                    backup(c);
                    if (!verify_end_of_number(e, "decimal", err)) return err;
                    backup(e);
                    return make(T_NUMBER, tok_start_, cur_);
                }
                c = decimal_tail(err);
                if (c == 0) return err;
            }
            if (c == 'j' || c == 'J') {
            imaginary:
                c = nextc();
                if (!verify_end_of_number(c, "imaginary", err)) return err;
            } else if (!verify_end_of_number(c, "decimal", err)) {
                return err;
            }
        }
        backup(c);
        return make(T_NUMBER, tok_start_, cur_);
    }

letter_quote:
    if (c == '\'' || c == '"') {
        const int quote = c;
        int quote_size = 1, end_quote_size = 0;
        first_lineno_ = lineno_;
        multi_line_start_ = line_start_;
        c = nextc();
        if (c == quote) {
            c = nextc();
            if (c == quote) quote_size = 3;
            else end_quote_size = 1;  // the empty string
        }
        if (c != quote) backup(c);
        while (end_quote_size != quote_size) {
            c = nextc();
            if (c == kEof || (quote_size == 1 && c == '\n')) {
                ended_in_string_ = c == kEof;
                // reported from the opening quote, on the line it opened
                cur_ = tok_start_ + 1;
                line_start_ = multi_line_start_;
                const int detected = lineno();
                lineno_ = first_lineno_;
                return syntax_error(join({"unterminated ", quote_size == 3 ? "triple-quoted " : "",
                                          "string literal (detected at line ", decimal(detected), ")"}));
            }
            if (c == quote) {
                ++end_quote_size;
            } else {
                end_quote_size = 0;
                if (c == '\\') nextc();
            }
        }
        return make(T_STRING, tok_start_, cur_);
    }

    if (c == '\\') {
        if ((c = continuation_line()) == -1) return make(T_ERROR, -1, -1);
        goto again;
    }

    {
        const int c2 = nextc();
        TokKind k = two_chars(c, c2);
        if (k != T_OP || (c == '<' && c2 == '>')) {
            const int c3 = nextc();
            const TokKind k3 = three_chars(c, c2, c3);
            if (k3 != T_OP) k = k3;
            else backup(c3);
            return make(k, tok_start_, cur_);
        }
        backup(c2);
    }

    switch (c) {
        case '(': case '[': case '{':
            if (level_ >= kMaxLevel) return syntax_error("too many nested parentheses");
            paren_[level_] = static_cast<char>(c);
            paren_line_[level_] = lineno_;
            paren_col_[level_] = tok_start_ - line_start_;
            ++level_;
            break;
        case ')': case ']': case '}': {
            const char close[2] = {static_cast<char>(c), 0};
            if (!level_) return syntax_error(join({"unmatched '", close, "'"}));
            --level_;
            const int opening = paren_[level_];
            if (!((opening == '(' && c == ')') || (opening == '[' && c == ']') || (opening == '{' && c == '}'))) {
                const char open[2] = {static_cast<char>(opening), 0};
                std::string msg = join({"closing parenthesis '", close, "' does not match opening parenthesis '", open, "'"});
                if (paren_line_[level_] != lineno_) msg += join({" on line ", decimal(line0_ + paren_line_[level_])});
                return syntax_error(std::move(msg));
            }
            break;
        }
        default: break;
    }

    if (!is_printable(static_cast<std::uint32_t>(c)))
        return syntax_error(join({"invalid non-printable character U+", hex_upper(static_cast<std::uint32_t>(c), 4)}));

    return make(one_char(c), tok_start_, cur_);
}

}  // namespace tlab
