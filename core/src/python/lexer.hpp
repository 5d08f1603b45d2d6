// lexer.hpp — Python 3.11 source text to tokens, as CPython's tokenizer (Parser/tokenizer.c)
// makes them, one at a time as the parser asks.
//
//   Lexer lx(normalize_source("if x:\n  y = 1\n"));
//   lx.next() -> NAME "if" (as K_IF), NAME "x", ':', NEWLINE, INDENT, NAME "y", '=', NUMBER "1",
//                NEWLINE, DEDENT, ENDMARKER
//
// Positions are CPython's: line from 1, column as a UTF-8 byte offset from 0. Strings (f-strings
// included, as in 3.11) are one STRING token each; the parser decodes them. The tokenizer state
// that CPython's error messages read (the current line, the bracket stack, where reading
// stopped) stays visible, so the parser can word its errors exactly as CPython does.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

namespace tlab {

enum TokKind : std::uint8_t {
    T_END, T_NAME, T_NUMBER, T_STRING, T_NEWLINE, T_INDENT, T_DEDENT, T_ERROR,
    // operators, in CPython's Grammar/Tokens order
    T_LPAR, T_RPAR, T_LSQB, T_RSQB, T_COLON, T_COMMA, T_SEMI, T_PLUS, T_MINUS, T_STAR, T_SLASH,
    T_VBAR, T_AMPER, T_LESS, T_GREATER, T_EQUAL, T_DOT, T_PERCENT, T_LBRACE, T_RBRACE,
    T_EQEQUAL, T_NOTEQUAL, T_LESSEQUAL, T_GREATEREQUAL, T_TILDE, T_CIRCUMFLEX, T_LEFTSHIFT,
    T_RIGHTSHIFT, T_DOUBLESTAR, T_PLUSEQUAL, T_MINEQUAL, T_STAREQUAL, T_SLASHEQUAL,
    T_PERCENTEQUAL, T_AMPEREQUAL, T_VBAREQUAL, T_CIRCUMFLEXEQUAL, T_LEFTSHIFTEQUAL,
    T_RIGHTSHIFTEQUAL, T_DOUBLESTAREQUAL, T_DOUBLESLASH, T_DOUBLESLASHEQUAL, T_AT, T_ATEQUAL,
    T_RARROW, T_ELLIPSIS, T_COLONEQUAL,
    T_OP,  // any other character CPython passes on as OP ('!', '$', '?', '`', "<>"): no rule takes it
    // keywords (NAME tokens the parser reserves)
    K_FALSE, K_NONE, K_TRUE, K_AND, K_AS, K_ASSERT, K_ASYNC, K_AWAIT, K_BREAK, K_CLASS,
    K_CONTINUE, K_DEF, K_DEL, K_ELIF, K_ELSE, K_EXCEPT, K_FINALLY, K_FOR, K_FROM, K_GLOBAL, K_IF,
    K_IMPORT, K_IN, K_IS, K_LAMBDA, K_NONLOCAL, K_NOT, K_OR, K_PASS, K_RAISE, K_RETURN, K_TRY,
    K_WHILE, K_WITH, K_YIELD,
};

struct Token {
    TokKind kind = T_END;
    std::uint8_t level = 0;  // bracket depth once this token is read (CPython's token->level)
    int start = 0, end = 0;  // byte range in the lexer's text (NAME, NUMBER, STRING text)
    int line = 0, col = -1;  // col -1: no position (INDENT, DEDENT, some errors), as in CPython
    int end_line = 0, end_col = -1;
};

// How the tokenizer stopped (CPython's tok->done): the parser words these errors itself.
enum class LexDone : std::uint8_t { ok, eof, error, dedent, tabspace, toodeep, linecont };

struct LexError {  // an error the tokenizer words itself (CPython's syntaxerror())
    std::string msg;
    int line = 0, offset = 0, end_offset = 0;  // offsets in characters from 1
    std::string text;                           // the line, without its newline
};

// CPython compiles text after turning \r\n and \r into \n and ending it with a newline; a
// leading UTF-8 byte order mark is dropped. Positions count in the text this returns.
// from_string: the text is a str given to compile() (a notebook cell), not a file.
std::string normalize_source(std::string_view source, bool from_string = false);

// Characters (code points) in the first `byte_offset` bytes of `line`, CPython's
// _PyPegen_byte_offset_to_character_offset: a cut character counts as one, and an offset past
// the end counts one more.
int char_offset(std::string_view line, int byte_offset);

class Lexer {
public:
    // `text` comes from normalize_source and must outlive the lexer. `line0`/`col0` place the
    // text inside a bigger one (an f-string's expression): its first line is line0 + 1, and
    // columns on that first line are shifted by col0.
    explicit Lexer(std::string_view text, int line0 = 0, int col0 = 0);

    Token next();  // T_ERROR when done() != ok (T_END at a clean end)
    LexDone done() const { return done_; }
    // Whether a string was still open at the end of the text (CPython's E_EOFS / E_EOLS).
    bool ended_in_string() const { return ended_in_string_; }
    const LexError& error() const { return error_; }

    std::string_view text_of(const Token& t) const { return text_.substr(t.start, t.end - t.start); }
    std::string_view line_text(int line) const;  // without its newline
    int lineno() const { return line0_ + lineno_; }       // the line being read
    int cur_col() const { return cur_ - line_start_; }  // bytes read on it
    // Brackets open now: level() of them, the innermost last; where each opened.
    int level() const { return level_; }
    std::string_view open_bracket(int i) const { return std::string_view(&paren_[i], 1); }
    int open_line(int i) const { return line0_ + paren_line_[i]; }
    int open_col(int i) const { return paren_col_[i]; }
    // The lines read since the current token began (CPython's tok->buf .. tok->inp): what an
    // error on the line being read quotes, with its newline.
    std::string_view current_line() const { return text_.substr(buf_, inp_ - buf_); }

private:
    int nextc();
    void backup(int c);
    bool lookahead(const char* rest);
    Token make(TokKind k, int start, int end);
    Token fail(LexDone d);
    Token syntax_error(std::string msg, int col = -1, int end_col = -1);
    bool verify_end_of_number(int c, const char* kind, Token& err);
    int decimal_tail(Token& err);
    bool verify_identifier(Token& err);
    int continuation_line();

    std::string_view text_;
    int line0_, col0_;
    int cur_ = 0, inp_ = 0, line_start_ = 0, buf_ = 0, lineno_ = 0;
    int tok_start_ = -1;
    bool atbol_ = true, eof_ = false, ended_in_string_ = false;
    int pendin_ = 0, indent_ = 0;
    int indstack_[100] = {0}, altindstack_[100] = {0};
    int level_ = 0;
    char paren_[200] = {0};
    int paren_line_[200] = {0}, paren_col_[200] = {0};
    int first_lineno_ = 0, multi_line_start_ = 0;
    LexDone done_ = LexDone::ok;
    LexError error_;
};

// Error messages are a few pieces joined: plain concatenation costs the wasm module far less
// than one {fmt} format function per message.
std::string join(std::initializer_list<std::string_view> parts);
std::string decimal(long long v);
std::string hex_upper(std::uint32_t v, int digits);  // "00D7" for (0xD7, 4)

// The UTF-8 sequence at `s[i]` (valid UTF-8 assumed): its code point, and `i` moved past it.
std::uint32_t decode_utf8(std::string_view s, int& i);

// Whether a code point may start / continue an identifier (XID_Start / XID_Continue) — exact for
// the Latin, Greek, Cyrillic, Hangul, kana, CJK and full-width blocks, refused elsewhere.
bool is_id_start(std::uint32_t c);

}  // namespace tlab
