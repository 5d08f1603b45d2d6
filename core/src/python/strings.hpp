// strings.hpp — Python's str as UTF-8: code points, repr, and the str type's methods.
//
//   str_repr("it's")      -> "\"it's\""       (CPython picks the quote, as repr does)
//   str_repr("a\n한")     -> "'a\\n한'"        (printable non-ASCII stays as it is)
//   utf8_length("한글")   -> 2
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tlab {

class Interp;
struct TypeObj;

// Decodes the code point at byte `i` of valid UTF-8 and advances `i` past it.
std::uint32_t utf8_next(const std::string& s, std::size_t& i);
void utf8_append(std::string& out, std::uint32_t cp);
std::size_t utf8_length(const std::string& s);
// Byte offset of code point `index` (index <= length).
std::size_t utf8_offset(const std::string& s, std::size_t index);
// The code points of s.
std::vector<std::uint32_t> utf8_decode(const std::string& s);
// True when s is valid UTF-8 (the kernel's strings always are; request text may not be).
bool utf8_valid(const std::string& s);
// Where a byte stands that does not start a well-formed sequence (a lead byte and its
// continuation bytes; overlong forms and surrogates pass), or npos: the test CPython's tokenizer
// and compile() make of source bytes before decoding them.
std::size_t utf8_malformed_at(std::string_view s);

// Python's str.isprintable() for one code point (what repr keeps as it is).
bool is_printable(std::uint32_t cp);
// Python's str.isspace(), isdigit(), isalpha(), isalnum() for one code point (ASCII and Hangul
// exactly; other scripts by Unicode category approximations documented in strings.cpp).
bool is_space(std::uint32_t cp);

// repr() of a str; ascii() escapes every non-ASCII code point as well.
std::string str_repr(const std::string& s, bool ascii_only = false);

// Adds the str type's methods (join, split, strip, upper, lower, replace, startswith, format,
// ...) to its dict.
void install_str_methods(Interp& in, TypeObj* str_type);

// The longest string the kernel builds: 256 MB, or the memory cap when it is smaller (the
// fuzzer's). A longer one raises MemoryError before it is built, as CPython does when it cannot
// allocate; otherwise "x".ljust(2**40) would run until memory ran out.
std::size_t max_text_bytes(const Interp& in);
void check_text_bytes(Interp& in, std::uint64_t bytes);

}  // namespace tlab
