// strings.cpp — UTF-8 helpers, str repr, indexing and the str type's methods.
#include "python/memory.hpp"
#include "python/strings.hpp"

#include <algorithm>
#include <cstdint>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "python/builtins_support.hpp"
#include "python/interp.hpp"

namespace tlab {

#include "python/unicode_tables.inc"

// ---- UTF-8

std::uint32_t utf8_next(const std::string& s, std::size_t& i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
        ++i;
        return c;
    }
    int n = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
    std::uint32_t cp = c & (0x3F >> n);
    ++i;
    while (n-- > 0 && i < s.size()) cp = (cp << 6) | (static_cast<unsigned char>(s[i++]) & 0x3F);
    return cp;
}

void utf8_append(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

std::size_t utf8_length(const std::string& s) {
    std::size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

std::size_t utf8_offset(const std::string& s, std::size_t index) {
    std::size_t i = 0;
    while (index > 0 && i < s.size()) {
        utf8_next(s, i);
        --index;
    }
    return i;
}

std::vector<std::uint32_t> utf8_decode(const std::string& s) {
    std::vector<std::uint32_t> out;
    std::size_t i = 0;
    while (i < s.size()) out.push_back(utf8_next(s, i));
    return out;
}

std::size_t utf8_malformed_at(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const std::size_t n = c < 0x80 ? 0 : (c >> 5) == 6 ? 1 : (c >> 4) == 14 ? 2 : (c >> 3) == 30 ? 3 : 4;
        if (n == 4 || (c >= 0x80 && c < 0xC0) || i + n >= s.size() + (n == 0 ? 1 : 0)) return i;
        for (std::size_t k = 1; k <= n; ++k) {
            if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return i;
        }
        i += n + 1;
    }
    return std::string_view::npos;
}

bool utf8_valid(const std::string& s) {
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        int n;
        std::uint32_t cp;
        if (c < 0x80) { ++i; continue; }
        if (c >= 0xC2 && c <= 0xDF) { n = 1; cp = c & 0x1F; }
        else if (c >= 0xE0 && c <= 0xEF) { n = 2; cp = c & 0x0F; }
        else if (c >= 0xF0 && c <= 0xF4) { n = 3; cp = c & 0x07; }
        else return false;
        if (i + static_cast<std::size_t>(n) >= s.size()) return false;
        for (int k = 1; k <= n; ++k) {
            const auto d = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
            if ((d & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (d & 0x3F);
        }
        if ((n == 2 && cp < 0x800) || (n == 3 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF)) {
            return false;
        }
        i += static_cast<std::size_t>(n) + 1;
    }
    return true;
}

// ---- character classes

bool is_printable(std::uint32_t cp) {
    if (cp < 0x10000) {
        const auto* lo = std::begin(kNotPrintableBmp);
        const auto* hi = std::end(kNotPrintableBmp);
        const auto* it = std::upper_bound(lo, hi, cp, [](std::uint32_t c, const std::uint16_t(&r)[2]) { return c < r[0]; });
        return !(it != lo && cp <= (it - 1)[0][1]);
    }
    const auto* lo = std::begin(kPrintableAstral);
    const auto* hi = std::end(kPrintableAstral);
    const auto* it = std::upper_bound(lo, hi, cp, [](std::uint32_t c, const std::uint32_t(&r)[2]) { return c < r[0]; });
    return it != lo && cp <= (it - 1)[0][1];
}

bool is_space(std::uint32_t cp) {
    if (cp < 0x80) return cp == ' ' || (cp >= 9 && cp <= 13) || (cp >= 28 && cp <= 31);
    switch (cp) {
        case 0x85: case 0xA0: case 0x1680: case 0x2028: case 0x2029: case 0x202F: case 0x205F: case 0x3000: return true;
        default: return cp >= 0x2000 && cp <= 0x200A;
    }
}

namespace {

bool is_ascii_digit(std::uint32_t c) { return c >= '0' && c <= '9'; }
bool is_hangul(std::uint32_t c) { return (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0x1100 && c <= 0x11FF) || (c >= 0x3131 && c <= 0x318E); }
// Letters: ASCII, Latin-1/Latin Extended, Greek, Cyrillic, Hangul and CJK ideographs; enough for
// course text (other scripts count as letters when they are not punctuation or symbols below).
bool is_alpha(std::uint32_t c) {
    if (c < 0x80) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    if (c == 0xAA || c == 0xB5 || c == 0xBA) return true;
    if (c >= 0xC0 && c <= 0x24F) return c != 0xD7 && c != 0xF7;
    if (c >= 0x370 && c <= 0x52F) return c != 0x375 && c != 0x37E && c != 0x384 && c != 0x385 && c != 0x387;
    return is_hangul(c) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3040 && c <= 0x30FF);
}

std::uint32_t to_upper(std::uint32_t c) {
    if (c >= 'a' && c <= 'z') return c - 32;
    if ((c >= 0xE0 && c <= 0xFE && c != 0xF7)) return c - 32;
    if (c == 0xFF) return 0x178;
    if (c >= 0x3B1 && c <= 0x3C9 && c != 0x3C2) return c - 32;
    if (c >= 0x430 && c <= 0x44F) return c - 32;
    if (c >= 0x450 && c <= 0x45F) return c - 80;
    return c;
}

std::uint32_t to_lower(std::uint32_t c) {
    if (c >= 'A' && c <= 'Z') return c + 32;
    if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 32;
    if (c >= 0x391 && c <= 0x3A9 && c != 0x3A2) return c + 32;
    if (c >= 0x410 && c <= 0x42F) return c + 32;
    if (c >= 0x400 && c <= 0x40F) return c + 80;
    return c;
}

bool is_upper_char(std::uint32_t c) { return to_lower(c) != c; }
bool is_lower_char(std::uint32_t c) { return to_upper(c) != c || c == 0xDF; }

}  // namespace

// ---- repr

std::string str_repr(const std::string& s, bool ascii_only) {
    const bool has_single = s.find('\'') != std::string::npos;
    const bool has_double = s.find('"') != std::string::npos;
    const char quote = has_single && !has_double ? '"' : '\'';
    std::string out(1, quote);
    std::size_t i = 0;
    while (i < s.size()) {
        const std::uint32_t cp = utf8_next(s, i);
        if (cp == static_cast<std::uint32_t>(quote) || cp == '\\') {
            out += '\\';
            out += static_cast<char>(cp);
        } else if (cp == '\t') {
            out += "\\t";
        } else if (cp == '\n') {
            out += "\\n";
        } else if (cp == '\r') {
            out += "\\r";
        } else if (cp < 0x20 || cp == 0x7F) {
            out += fmt::format(FMT_COMPILE("\\x{:02x}"), cp);
        } else if (cp < 0x7F) {
            out += static_cast<char>(cp);
        } else if (!ascii_only && is_printable(cp)) {
            utf8_append(out, cp);
        } else if (cp <= 0xFF) {
            out += fmt::format(FMT_COMPILE("\\x{:02x}"), cp);
        } else if (cp <= 0xFFFF) {
            out += fmt::format(FMT_COMPILE("\\u{:04x}"), cp);
        } else {
            out += fmt::format(FMT_COMPILE("\\U{:08x}"), cp);
        }
    }
    out += quote;
    return out;
}

// ---- indexing

Value str_getitem(Interp& in, const std::string& s, const Value& key) {
    if (auto* sl = key.as<SliceObj>()) {
        const std::vector<std::uint32_t> cps = utf8_decode(s);
        std::int64_t start, stop, step, n;
        slice_indices(in, *sl, static_cast<std::int64_t>(cps.size()), start, stop, step, n);
        std::string out;
        for (std::int64_t k = 0; k < n; ++k) utf8_append(out, cps[static_cast<std::size_t>(start + k * step)]);
        return make_str(std::move(out));
    }
    if (!(key.is_int_like() || key.kind() == Kind::np_int || key.kind() == Kind::np_bool)) {
        in.raise(types().type_error, "string indices must be integers, not '" + key.type_name() + "'");
    }
    const auto len = static_cast<std::int64_t>(utf8_length(s));
    std::int64_t i = key.as_int();
    if (i < 0) i += len;
    if (i < 0 || i >= len) in.raise(types().index_error, "string index out of range");
    std::size_t at = utf8_offset(s, static_cast<std::size_t>(i));
    const std::size_t start = at;
    utf8_next(s, at);
    return make_str(s.substr(start, at - start));
}

// ---- methods

namespace {

const std::string& self_str(Interp& in, Args& a, const char* method) {
    if (a.size() == 0 || a[0].as<StrObj>() == nullptr) {
        in.raise(types().type_error, std::string("descriptor '") + method + "' for 'str' objects doesn't apply to a '" +
                                         (a.size() ? a[0].type_name() : std::string("NoneType")) + "' object");
    }
    return a[0].as<StrObj>()->s;
}

const std::string& str_arg(Interp& in, const Value& v, const std::string& message) {
    auto* s = v.as<StrObj>();
    if (s == nullptr) in.raise(types().type_error, message);
    return s->s;
}

std::string map_chars(const std::string& s, std::uint32_t (*f)(std::uint32_t)) {
    std::string out;
    std::size_t i = 0;
    while (i < s.size()) {
        const std::uint32_t c = utf8_next(s, i);
        if (c == 0xDF && f == to_upper) {
            out += "SS";
            continue;
        }
        utf8_append(out, f(c));
    }
    return out;
}

Value m_upper(Interp& in, Args& a) {
    ArgParser p(in, a, "str.upper", {"self"}, ArgStyle::noargs);
    return make_str(map_chars(self_str(in, a, "upper"), to_upper));
}

Value m_lower(Interp& in, Args& a) {
    ArgParser p(in, a, "str.lower", {"self"}, ArgStyle::noargs);
    return make_str(map_chars(self_str(in, a, "lower"), to_lower));
}

Value m_capitalize(Interp& in, Args& a) {
    ArgParser p(in, a, "str.capitalize", {"self"}, ArgStyle::noargs);
    const std::string& s = self_str(in, a, "capitalize");
    std::string out;
    std::size_t i = 0;
    bool first = true;
    while (i < s.size()) {
        const std::uint32_t c = utf8_next(s, i);
        utf8_append(out, first ? to_upper(c) : to_lower(c));
        first = false;
    }
    return make_str(std::move(out));
}

Value m_title(Interp& in, Args& a) {
    ArgParser p(in, a, "str.title", {"self"}, ArgStyle::noargs);
    const std::string& s = self_str(in, a, "title");
    std::string out;
    std::size_t i = 0;
    bool prev_cased = false;
    while (i < s.size()) {
        const std::uint32_t c = utf8_next(s, i);
        const bool cased = is_upper_char(c) || is_lower_char(c);
        utf8_append(out, cased ? (prev_cased ? to_lower(c) : to_upper(c)) : c);
        prev_cased = cased;
    }
    return make_str(std::move(out));
}

// Python's strip family: chars=None strips whitespace; otherwise any of the given code points.
Value strip_impl(Interp& in, Args& a, const char* name, bool left, bool right) {
    ArgParser p(in, a, name, {"self", "chars=None"}, ArgStyle::positional);
    const std::string& s = self_str(in, a, name);
    const Value& chars = p.get(1);
    std::vector<std::uint32_t> set;
    const bool ws = chars.is_none();
    if (!ws) set = utf8_decode(str_arg(in, chars, std::string(name) + " arg must be None or str"));
    auto strip_it = [&](std::uint32_t c) {
        return ws ? is_space(c) : std::find(set.begin(), set.end(), c) != set.end();
    };
    const std::vector<std::uint32_t> cps = utf8_decode(s);
    std::size_t b = 0, e = cps.size();
    if (left) while (b < e && strip_it(cps[b])) ++b;
    if (right) while (e > b && strip_it(cps[e - 1])) --e;
    std::string out;
    for (std::size_t k = b; k < e; ++k) utf8_append(out, cps[k]);
    return make_str(std::move(out));
}

Value m_strip(Interp& in, Args& a) { return strip_impl(in, a, "strip", true, true); }
Value m_lstrip(Interp& in, Args& a) { return strip_impl(in, a, "lstrip", true, false); }
Value m_rstrip(Interp& in, Args& a) { return strip_impl(in, a, "rstrip", false, true); }

Value m_split(Interp& in, Args& a) {
    ArgParser p(in, a, "split", {"self", "sep=None", "maxsplit=-1"});
    const std::string& s = self_str(in, a, "split");
    std::int64_t maxsplit = p.get(2).is_none() ? -1 : in.index(p.get(2));
    std::vector<Value> parts;
    if (p.get(1).is_none()) {
        const std::vector<std::uint32_t> cps = utf8_decode(s);
        std::size_t i = 0;
        while (i < cps.size()) {
            while (i < cps.size() && is_space(cps[i])) ++i;
            if (i >= cps.size()) break;
            if (maxsplit == 0) {
                std::size_t e = cps.size();
                while (e > i && is_space(cps[e - 1])) --e;
                std::string rest;
                for (std::size_t k = i; k < e; ++k) utf8_append(rest, cps[k]);
                parts.push_back(make_str(std::move(rest)));
                break;
            }
            std::string word;
            while (i < cps.size() && !is_space(cps[i])) utf8_append(word, cps[i++]);
            parts.push_back(make_str(std::move(word)));
            if (maxsplit > 0) --maxsplit;
        }
        return make_list(std::move(parts));
    }
    const std::string& sep = str_arg(in, p.get(1), "must be str or None, not " + p.get(1).type_name());
    if (sep.empty()) in.raise(types().value_error, "empty separator");
    std::size_t start = 0;
    for (;;) {
        if (maxsplit == 0) break;
        const std::size_t at = s.find(sep, start);
        if (at == std::string::npos) break;
        parts.push_back(make_str(s.substr(start, at - start)));
        start = at + sep.size();
        if (maxsplit > 0) --maxsplit;
    }
    parts.push_back(make_str(s.substr(start)));
    return make_list(std::move(parts));
}

Value m_splitlines(Interp& in, Args& a) {
    ArgParser p(in, a, "splitlines", {"self", "keepends=False"});
    const std::string& s = self_str(in, a, "splitlines");
    const bool keep = in.truthy(p.get(1));
    std::vector<Value> parts;
    std::size_t start = 0, i = 0;
    while (i < s.size()) {
        const std::size_t here = i;
        const std::uint32_t c = utf8_next(s, i);
        const bool brk = c == '\n' || c == '\r' || c == 0x0B || c == 0x0C || c == 0x1C || c == 0x1D || c == 0x1E ||
                         c == 0x85 || c == 0x2028 || c == 0x2029;
        if (!brk) continue;
        if (c == '\r' && i < s.size() && s[i] == '\n') ++i;
        parts.push_back(make_str(s.substr(start, (keep ? i : here) - start)));
        start = i;
    }
    if (start < s.size()) parts.push_back(make_str(s.substr(start)));
    return make_list(std::move(parts));
}

}  // namespace

std::size_t max_text_bytes(const Interp& in) {
    return std::min({std::size_t{1} << 28, in.limits().data_bytes, kCodeMemoryBytes});  // (see max_items)
}

void check_text_bytes(Interp& in, std::uint64_t bytes) {
    if (bytes > max_text_bytes(in)) in.raise(types().memory_error, "");
}

namespace {

Value m_join(Interp& in, Args& a) {
    ArgParser p(in, a, "str.join", {"self", "iterable"}, ArgStyle::one);
    const std::string& sep = self_str(in, a, "join");
    const Value& it = p.get(1);
    if (!in.is_iterable(it)) in.raise(types().type_error, "can only join an iterable");
    std::vector<Value> items = in.to_list(it);
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        auto* s = items[i].as<StrObj>();
        if (s == nullptr) {
            in.raise(types().type_error, "sequence item " + std::to_string(i) + ": expected str instance, " +
                                             items[i].type_name() + " found");
        }
        if (i) out += sep;
        out += s->s;
        check_text_bytes(in, out.size());
    }
    return make_str(std::move(out));
}

Value m_replace(Interp& in, Args& a) {
    ArgParser p(in, a, "replace", {"self", "old", "new", "count=-1"}, ArgStyle::positional);
    const std::string& s = self_str(in, a, "replace");
    const std::string& old = str_arg(in, p.get(1), "replace() argument 1 must be str, not " + p.get(1).type_name());
    const std::string& rep = str_arg(in, p.get(2), "replace() argument 2 must be str, not " + p.get(2).type_name());
    std::int64_t count = in.index(p.get(3));
    std::string out;
    if (old.empty()) {
        // Inserted before every code point and at the end.
        std::size_t i = 0;
        while (i < s.size() && count != 0) {
            out += rep;
            const std::size_t start = i;
            utf8_next(s, i);
            out += s.substr(start, i - start);
            check_text_bytes(in, out.size());
            if (count > 0) --count;
        }
        if (i >= s.size() && count != 0) out += rep;
        out += s.substr(i);
        return make_str(std::move(out));
    }
    std::size_t start = 0;
    while (count != 0) {
        const std::size_t at = s.find(old, start);
        if (at == std::string::npos) break;
        out += s.substr(start, at - start);
        out += rep;
        check_text_bytes(in, out.size());
        start = at + old.size();
        if (count > 0) --count;
    }
    out += s.substr(start);
    return make_str(std::move(out));
}

// startswith/endswith: a str or a tuple of str, with optional start/end code point positions.
Value affix_impl(Interp& in, Args& a, const char* name, bool starts) {
    ArgParser p(in, a, name, {"self", "prefix", "start=None", "end=None"}, ArgStyle::varargs);
    const std::string& s = self_str(in, a, name);
    if (!p.get(2).is_none() || !p.get(3).is_none()) {
        const std::vector<std::uint32_t> cps = utf8_decode(s);
        const auto n = static_cast<std::int64_t>(cps.size());
        auto clamp = [&](const Value& v, std::int64_t dflt) {
            if (v.is_none()) return dflt;
            std::int64_t i = in.index(v, "slice indices must be integers or None or have an __index__ method");
            if (i < 0) i = std::max<std::int64_t>(0, i + n);
            return std::min(i, n);
        };
        const std::int64_t b = clamp(p.get(2), 0), e = clamp(p.get(3), n);
        std::string sub;
        for (std::int64_t k = b; k < e; ++k) utf8_append(sub, cps[static_cast<std::size_t>(k)]);
        if (b > n || b > e) return Value::boolean(false);
        Args again({make_str(sub), p.get(1)});
        return affix_impl(in, again, name, starts);
    }
    auto test = [&](const std::string& x) {
        if (x.size() > s.size()) return false;
        return starts ? s.compare(0, x.size(), x) == 0 : s.compare(s.size() - x.size(), x.size(), x) == 0;
    };
    if (auto* t = p.get(1).as<TupleObj>()) {
        for (const Value& v : t->items) {
            auto* x = v.as<StrObj>();
            if (x == nullptr) {
                in.raise(types().type_error, std::string("tuple for ") + name + " must only contain str, not " + v.type_name());
            }
            if (test(x->s)) return Value::boolean(true);
        }
        return Value::boolean(false);
    }
    auto* x = p.get(1).as<StrObj>();
    if (x == nullptr) {
        in.raise(types().type_error, std::string(name) + " first arg must be str or a tuple of str, not " +
                                         p.get(1).type_name());
    }
    return Value::boolean(test(x->s));
}

Value m_startswith(Interp& in, Args& a) { return affix_impl(in, a, "startswith", true); }
Value m_endswith(Interp& in, Args& a) { return affix_impl(in, a, "endswith", false); }

// find/index/count/rfind: positions in code points.
std::int64_t find_impl(Interp& in, Args& a, const char* name, bool reverse, bool& found) {
    ArgParser p(in, a, name, {"self", "sub", "start=None", "end=None"}, ArgStyle::varargs);
    const std::string& s = self_str(in, a, name);
    const std::string& sub = str_arg(in, p.get(1), "must be str, not " + p.get(1).type_name());
    const auto n = static_cast<std::int64_t>(utf8_length(s));
    auto clamp = [&](const Value& v, std::int64_t dflt) {
        if (v.is_none()) return dflt;
        std::int64_t i = in.index(v, "slice indices must be integers or None or have an __index__ method");
        if (i < 0) i = std::max<std::int64_t>(0, i + n);
        return std::min(i, n);
    };
    const std::int64_t b = clamp(p.get(2), 0), e = clamp(p.get(3), n);
    found = false;
    if (b > e) return -1;
    const std::size_t bb = utf8_offset(s, static_cast<std::size_t>(b));
    const std::size_t eb = utf8_offset(s, static_cast<std::size_t>(e));
    const std::string window = s.substr(bb, eb - bb);
    const std::size_t at = reverse ? window.rfind(sub) : window.find(sub);
    if (at == std::string::npos) return -1;
    found = true;
    return b + static_cast<std::int64_t>(utf8_length(window.substr(0, at)));
}

Value m_find(Interp& in, Args& a) {
    bool found;
    return Value::integer(find_impl(in, a, "find", false, found));
}

Value m_rfind(Interp& in, Args& a) {
    bool found;
    return Value::integer(find_impl(in, a, "rfind", true, found));
}

Value m_index(Interp& in, Args& a) {
    bool found;
    const std::int64_t i = find_impl(in, a, "index", false, found);
    if (!found) in.raise(types().value_error, "substring not found");
    return Value::integer(i);
}

Value m_count(Interp& in, Args& a) {
    ArgParser p(in, a, "count", {"self", "sub", "start=None", "end=None"}, ArgStyle::varargs);
    const std::string& s = self_str(in, a, "count");
    const std::string& sub = str_arg(in, p.get(1), "must be str, not " + p.get(1).type_name());
    if (!p.get(2).is_none() || !p.get(3).is_none()) in.unsupported("str.count with start/end", "start/end 를 준 str.count");
    if (sub.empty()) return Value::integer(static_cast<std::int64_t>(utf8_length(s)) + 1);
    std::int64_t n = 0;
    for (std::size_t at = s.find(sub); at != std::string::npos; at = s.find(sub, at + sub.size())) ++n;
    return Value::integer(n);
}

Value pad_impl(Interp& in, Args& a, const char* name, int where) {
    ArgParser p(in, a, name, {"self", "width", "fillchar=' '"}, ArgStyle::positional);
    const std::string& s = self_str(in, a, name);
    const std::int64_t width = in.index(p.get(1));
    std::string fill = " ";
    if (a.size() > 2 || !p.get(2).is_none()) {
        auto* f = p.get(2).as<StrObj>();
        if (f == nullptr) {
            in.raise(types().type_error, std::string(name) + "() argument 2 must be str, not " + p.get(2).type_name());
        }
        if (f->length() != 1) {
            in.raise(types().type_error, "The fill character must be exactly one character long");
        }
        fill = f->s;
    }
    const auto len = static_cast<std::int64_t>(utf8_length(s));
    if (width <= len) return make_str(s);
    const std::int64_t total = width - len;
    check_text_bytes(in, static_cast<std::uint64_t>(total) > max_text_bytes(in) ? static_cast<std::uint64_t>(total)
                                                                                 : static_cast<std::uint64_t>(total) * fill.size() + s.size());
    std::int64_t left = where < 0 ? 0 : where > 0 ? total : total / 2 + (total & width & 1);
    std::string out;
    for (std::int64_t k = 0; k < left; ++k) out += fill;
    out += s;
    for (std::int64_t k = 0; k < total - left; ++k) out += fill;
    return make_str(std::move(out));
}

Value m_ljust(Interp& in, Args& a) { return pad_impl(in, a, "ljust", -1); }
Value m_rjust(Interp& in, Args& a) { return pad_impl(in, a, "rjust", 1); }
Value m_center(Interp& in, Args& a) { return pad_impl(in, a, "center", 0); }

Value m_zfill(Interp& in, Args& a) {
    ArgParser p(in, a, "str.zfill", {"self", "width"}, ArgStyle::one);
    const std::string& s = self_str(in, a, "zfill");
    const std::int64_t width = in.index(p.get(1));
    const auto len = static_cast<std::int64_t>(utf8_length(s));
    if (width <= len) return make_str(s);
    check_text_bytes(in, static_cast<std::uint64_t>(width));
    std::string zeros(static_cast<std::size_t>(width - len), '0');
    if (!s.empty() && (s[0] == '+' || s[0] == '-')) return make_str(s.substr(0, 1) + zeros + s.substr(1));
    return make_str(zeros + s);
}

template <bool (*Pred)(std::uint32_t)>
Value predicate(Interp& in, Args& a, const char* name) {
    ArgParser p(in, a, ("str." + std::string(name)).c_str(), {"self"}, ArgStyle::noargs);
    const std::string& s = self_str(in, a, name);
    if (s.empty()) return Value::boolean(false);
    std::size_t i = 0;
    while (i < s.size()) {
        if (!Pred(utf8_next(s, i))) return Value::boolean(false);
    }
    return Value::boolean(true);
}

bool alnum(std::uint32_t c) { return is_alpha(c) || is_ascii_digit(c); }
Value m_isdigit(Interp& in, Args& a) { return predicate<is_ascii_digit>(in, a, "isdigit"); }
Value m_isalpha(Interp& in, Args& a) { return predicate<is_alpha>(in, a, "isalpha"); }
Value m_isalnum(Interp& in, Args& a) { return predicate<alnum>(in, a, "isalnum"); }
Value m_isspace(Interp& in, Args& a) { return predicate<is_space>(in, a, "isspace"); }

Value case_test(Interp& in, Args& a, const char* name, bool upper) {
    ArgParser p(in, a, ("str." + std::string(name)).c_str(), {"self"}, ArgStyle::noargs);
    const std::string& s = self_str(in, a, name);
    bool cased = false;
    std::size_t i = 0;
    while (i < s.size()) {
        const std::uint32_t c = utf8_next(s, i);
        if (upper ? is_lower_char(c) : is_upper_char(c)) return Value::boolean(false);
        cased |= upper ? is_upper_char(c) : is_lower_char(c);
    }
    return Value::boolean(cased);
}

Value m_isupper(Interp& in, Args& a) { return case_test(in, a, "isupper", true); }
Value m_islower(Interp& in, Args& a) { return case_test(in, a, "islower", false); }

Value m_partition(Interp& in, Args& a) {
    ArgParser p(in, a, "str.partition", {"self", "sep"}, ArgStyle::one);
    const std::string& s = self_str(in, a, "partition");
    const std::string& sep = str_arg(in, p.get(1), "must be str, not " + p.get(1).type_name());
    if (sep.empty()) in.raise(types().value_error, "empty separator");
    const std::size_t at = s.find(sep);
    if (at == std::string::npos) return make_tuple({make_str(s), make_str(""), make_str("")});
    return make_tuple({make_str(s.substr(0, at)), make_str(sep), make_str(s.substr(at + sep.size()))});
}

Value m_format(Interp& in, Args& a) {
    const std::string& s = self_str(in, a, "format");
    std::vector<Value> pos(a.positional().begin() + 1, a.positional().end());
    return make_str(str_format(in, s, pos, a.keywords()));
}

Value str_new(Interp& in, Args& a) {
    ArgParser p(in, a, "str", {"object=''", "encoding='utf-8'", "errors='strict'"});
    for (std::size_t k : {1, 2}) {
        if (p.given(k) && p.get(k).as<StrObj>() == nullptr) {
            in.raise(types().type_error, std::string("str() argument '") + (k == 1 ? "encoding" : "errors") +
                                             "' must be str, not " + p.get(k).type_name());
        }
    }
    if (p.given(1) || p.given(2)) {
        in.raise(types().type_error, "decoding to str: need a bytes-like object, " + p.get(0).type_name() + " found");
    }
    return make_str(in.str(p.get(0)));
}

}  // namespace

void install_str_methods(Interp& in, TypeObj* t) {
    (void)in;
    static bool done = false;
    if (done) return;
    done = true;
    add_methods(t, {{"upper", m_upper}, {"lower", m_lower}, {"capitalize", m_capitalize}, {"title", m_title},
                    {"strip", m_strip}, {"lstrip", m_lstrip}, {"rstrip", m_rstrip}, {"split", m_split},
                    {"splitlines", m_splitlines}, {"join", m_join}, {"replace", m_replace},
                    {"startswith", m_startswith}, {"endswith", m_endswith}, {"find", m_find}, {"rfind", m_rfind},
                    {"index", m_index}, {"count", m_count}, {"ljust", m_ljust}, {"rjust", m_rjust},
                    {"center", m_center}, {"zfill", m_zfill}, {"isdigit", m_isdigit}, {"isalpha", m_isalpha},
                    {"isalnum", m_isalnum}, {"isspace", m_isspace}, {"isupper", m_isupper},
                    {"islower", m_islower}, {"partition", m_partition}, {"format", m_format},
                    {"__new__", str_new}});
}

}  // namespace tlab
