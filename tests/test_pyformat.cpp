// Tests for pyformat: Python 3.11's text for numbers and strings, from hand-written examples and
// the golden cases that real Python wrote (tests/oracle/gen_pyformat_cases.py).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "python/pyformat.hpp"
#include "test_support.hpp"
#include "tlab/npformat.hpp"

using nlohmann::json;
using tlab_test::from_hex;

namespace {

const json& cases() {
    static const json all = tlab_test::read_json("golden/pyformat_cases.json");
    return all;
}

// An outcome as one comparable line: the text, or "Type: message".
std::string shown_error(const tlab::PyExc& e) { return std::string(e.type) + ": " + e.message; }

template <typename T>
std::string shown(const tlab::PyResult<T>& r, std::string (*text)(const T&)) {
    return r.ok() ? text(r.value) : shown_error(r.error);
}

std::string text_of(const std::string& s) { return s; }
std::string int_text(const std::int64_t& i) { return std::to_string(i); }

// Doubles compare by bits (nan with nan), shown as their hex.
std::string double_text(const double& x) {
    if (std::isnan(x)) return "nan";
    std::uint64_t bits = 0;
    std::memcpy(&bits, &x, sizeof bits);
    return std::to_string(bits);
}

std::string expected(const json& want, std::string (*value_text)(const json&)) {
    if (want.is_array()) return want[0].get<std::string>() + ": " + want[1].get<std::string>();
    return value_text(want);
}
std::string expected_text(const json& j) { return j.get<std::string>(); }
std::string expected_int(const json& j) { return std::to_string(j.get<std::int64_t>()); }
std::string expected_double(const json& j) { return double_text(from_hex(j.get<std::string>())); }

// Runs every case of a golden section; reports the first few mismatches in full.
template <typename Fn>
void check_section(const char* section, Fn&& got_and_want) {
    const json& list = cases().at(section);
    REQUIRE(!list.empty());
    int failures = 0;
    for (const json& c : list) {
        const std::pair<std::string, std::string> gw = got_and_want(c);
        if (gw.first == gw.second) continue;
        if (++failures <= 12) {
            INFO(section << " case " << c.dump());
            CHECK(gw.first == gw.second);
        }
    }
    INFO(section << ": " << failures << " of " << list.size() << " cases differ");
    CHECK(failures == 0);
}

// ---- tagged values: ["i", 5, type, str, repr, ascii] -----------------------------------------

const std::string& kind_of(const json& v) { return v[0].get_ref<const std::string&>(); }
const std::string& type_name(const json& v) { return v[2].get_ref<const std::string&>(); }
const std::string& text_form(const json& v, char conversion) {
    return v[conversion == 'r' ? 4 : conversion == 'a' ? 5 : 3].get_ref<const std::string&>();
}

json str_value(const std::string& s, const std::string& repr) { return json::array({"s", s, "str", s, repr, repr}); }

tlab::PyResult<std::string> format_value(const json& v, std::string_view spec) {
    const std::string& k = kind_of(v);
    if (k == "i") return tlab::format_int(v[1].get<std::int64_t>(), spec);
    if (k == "b") return tlab::format_bool(v[1].get<bool>(), spec);
    if (k == "f") return tlab::format_float(from_hex(v[1].get<std::string>()), spec);
    if (k == "s") return tlab::format_str(v[1].get<std::string>(), spec);
    tlab::PyResult<std::string> r;
    r.error = tlab::format_object_error(type_name(v), spec);
    if (r.ok()) r.value = text_form(v, 's');
    return r;
}

// The str.format semantics the golden cases use: positional and keyword arguments, .real/.imag,
// list and dict items, str items.
class JsonFields : public tlab::FormatFields {
public:
    JsonFields(const json& args, const json& kwargs) : args_(args), kwargs_(kwargs) {}

    tlab::PyResult<std::size_t> lookup(const tlab::FieldName& name) override {
        tlab::PyResult<std::size_t> r;
        json v;
        if (name.is_index) {
            if (name.index >= static_cast<std::int64_t>(args_.size())) {
                r.error = {"IndexError", "Replacement index " + std::to_string(name.index) +
                                             " out of range for positional args tuple"};
                return r;
            }
            v = args_[static_cast<std::size_t>(name.index)];
        } else {
            bool found = false;
            for (const json& kv : kwargs_)
                if (kv[0] == name.key) v = kv[1], found = true;
            if (!found) {
                r.error = {"KeyError", "'" + name.key + "'"};
                return r;
            }
        }
        for (const tlab::FieldAccessor& a : name.rest) {
            if (tlab::PyExc e = access(v, a)) {
                r.error = std::move(e);
                return r;
            }
        }
        if (name.rest_error) {
            r.error = name.rest_error;
            return r;
        }
        held_.push_back(std::move(v));
        r.value = held_.size() - 1;
        return r;
    }

    tlab::PyExc convert(std::size_t handle, char32_t conversion) override {
        const std::string text = text_form(held_[handle], static_cast<char>(conversion));
        held_[handle] = json::array({"s", text, "str", text, "", ""});
        return {};
    }

    tlab::PyResult<std::string> format(std::size_t handle, std::string_view spec) override {
        return format_value(held_[handle], spec);
    }

private:
    static tlab::PyExc access(json& v, const tlab::FieldAccessor& a) {
        const std::string k = kind_of(v);
        if (a.is_attribute) {
            const bool number = k == "i" || k == "b" || k == "f";
            if (number && (a.name == "real" || a.name == "imag")) {
                if (k == "b") v = json::array({"i", v[1].get<bool>() ? 1 : 0, "int", "", "", ""});
                if (a.name == "imag") {
                    v = k == "f" ? json::array({"f", "0x0.0p+0", "float", "0.0", "0.0", "0.0"})
                                 : json::array({"i", 0, "int", "0", "0", "0"});
                }
                return {};
            }
            return {"AttributeError", "'" + type_name(v) + "' object has no attribute '" + a.name + "'"};
        }
        if (k == "l") {
            if (!a.is_index) return {"TypeError", "list indices must be integers or slices, not str"};
            if (a.index >= static_cast<std::int64_t>(v[1].size())) return {"IndexError", "list index out of range"};
            v = json(v[1][static_cast<std::size_t>(a.index)]);
            return {};
        }
        if (k == "d") {
            if (!a.is_index)
                for (const json& kv : v[1])
                    if (kv[0] == a.name) {
                        v = json(kv[1]);
                        return {};
                    }
            return {"KeyError", a.is_index ? std::to_string(a.index) : "'" + a.name + "'"};
        }
        if (k == "s") {
            if (!a.is_index) return {"TypeError", "string indices must be integers, not 'str'"};
            const std::string& s = v[1].get_ref<const std::string&>();
            std::size_t i = 0;
            for (std::int64_t n = 0; n < a.index && i < s.size(); ++n)
                do ++i; while (i < s.size() && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80);
            if (i >= s.size()) return {"IndexError", "string index out of range"};
            std::size_t j = i + 1;
            while (j < s.size() && (static_cast<unsigned char>(s[j]) & 0xC0) == 0x80) ++j;
            const std::string ch = s.substr(i, j - i);
            v = str_value(ch, "'" + ch + "'");
            return {};
        }
        return {"TypeError", "'" + type_name(v) + "' object is not subscriptable"};
    }

    const json& args_;
    const json& kwargs_;
    std::vector<json> held_;
};

tlab::PercentArg percent_arg(const json& v) {
    tlab::PercentArg a;
    const std::string& k = kind_of(v);
    a.type_name = type_name(v);
    a.handle = reinterpret_cast<std::size_t>(&v);
    if (k == "i") a.kind = tlab::PercentKind::integer, a.i = v[1].get<std::int64_t>();
    else if (k == "b") a.kind = tlab::PercentKind::integer, a.i = v[1].get<bool>() ? 1 : 0;
    else if (k == "f") a.kind = tlab::PercentKind::floating, a.f = from_hex(v[1].get<std::string>());
    else if (k == "s") a.kind = tlab::PercentKind::string, a.text = v[1].get<std::string>();
    return a;
}

class JsonOperand : public tlab::PercentOperand {
public:
    explicit JsonOperand(const json& v) : v_(v) {}
    std::int64_t tuple_size() const override { return kind_of(v_) == "t" ? static_cast<std::int64_t>(v_[1].size()) : -1; }
    bool is_mapping() const override { return kind_of(v_) == "d" || kind_of(v_) == "l"; }
    tlab::PercentArg item(std::int64_t k) override {
        return percent_arg(k < 0 ? v_ : v_[1][static_cast<std::size_t>(k)]);
    }
    tlab::PyResult<tlab::PercentArg> lookup(std::string_view key) override {
        tlab::PyResult<tlab::PercentArg> r;
        if (kind_of(v_) == "l") {
            r.error = {"TypeError", "list indices must be integers or slices, not str"};
            return r;
        }
        for (const json& kv : v_[1])
            if (kv[0] == key) {
                r.value = percent_arg(kv[1]);
                return r;
            }
        r.error = {"KeyError", "'" + std::string(key) + "'"};
        return r;
    }
    tlab::PyResult<std::string> text(const tlab::PercentArg& arg, char conversion) override {
        tlab::PyResult<std::string> r;
        r.value = text_form(*reinterpret_cast<const json*>(arg.handle), conversion);
        return r;
    }

private:
    const json& v_;
};

std::string utf8(char32_t c) {
    std::string out;
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
    return out;
}

const double inf_v = std::numeric_limits<double>::infinity();
const double nan_v = std::numeric_limits<double>::quiet_NaN();

}  // namespace

// ---- hand-written examples (each also among the golden cases) ----------------------------------

TEST_CASE("format() of floats rounds the exact binary value, ties to even", "[pyformat]") {
    CHECK(tlab::format_float(0.125, ".2f").value == "0.12");
    CHECK(tlab::format_float(0.375, ".2f").value == "0.38");
    CHECK(tlab::format_float(2.675, ".2f").value == "2.67");
    CHECK(tlab::format_float(2.5, ".0f").value == "2");
    CHECK(tlab::format_float(1e22, "f").value == "10000000000000000000000.000000");
    CHECK(tlab::format_float(1e23, ".3e").value == "1.000e+23");
    CHECK(tlab::format_float(0.5, "%").value == "50.000000%");
}

TEST_CASE("format() of floats without a type", "[pyformat]") {
    CHECK(tlab::format_float(0.1, "").value == "0.1");
    CHECK(tlab::format_float(1e16, "").value == "1e+16");
    CHECK(tlab::format_float(1.0, ".3").value == "1.0");
    CHECK(tlab::format_float(12.0, ".0").value == "1e+01");
    CHECK(tlab::format_float(1e16, "#").value == "1.e+16");
    CHECK(tlab::format_float(-0.0, "z").value == "0.0");
    CHECK(tlab::format_float(-0.0001, "z.2f").value == "0.00");
    CHECK(tlab::format_float(inf_v, "010").value == "0000000inf");
    CHECK(tlab::format_float(nan_v, "+").value == "+nan");
    CHECK(tlab::format_float(-1234.5, "0=12,.1f").value == "-0,001,234.5");
}

TEST_CASE("format() of ints and bools", "[pyformat]") {
    CHECK(tlab::format_int(1234567, "_").value == "1_234_567");
    CHECK(tlab::format_int(1234, "+08,d").value == "+001,234");
    CHECK(tlab::format_int(-255, "#010X").value == "-0X00000FF");
    CHECK(tlab::format_int(255, "#_b").value == "0b1111_1111");
    CHECK(tlab::format_int(44032, "c").value == "가");
    CHECK(tlab::format_int(3, ".2f").value == "3.00");
    CHECK(tlab::format_int(std::numeric_limits<std::int64_t>::min(), "x").value == "-8000000000000000");
    CHECK(tlab::format_bool(true, "").value == "True");
    CHECK(tlab::format_bool(true, "d").value == "1");
    CHECK(tlab::format_bool(false, ">3").value == "  0");
}

TEST_CASE("format() of str counts code points", "[pyformat]") {
    CHECK(tlab::format_str("안녕", "*^6").value == "**안녕**");
    CHECK(tlab::format_str("안녕하세요", ".2").value == "안녕");
    CHECK(tlab::format_str("ab", "가>4").value == "가가ab");
    CHECK(tlab::format_str("ab", "05").value == "ab000");
}

TEST_CASE("format() errors carry CPython's type and message", "[pyformat]") {
    const auto error = [](const tlab::PyResult<std::string>& r) { return shown_error(r.error); };
    CHECK(error(tlab::format_float(1.0, "d")) == "ValueError: Unknown format code 'd' for object of type 'float'");
    CHECK(error(tlab::format_str("a", ",")) == "ValueError: Cannot specify ',' with 's'.");
    CHECK(error(tlab::format_str("a", "+")) == "ValueError: Sign not allowed in string format specifier");
    CHECK(error(tlab::format_int(1, ".")) == "ValueError: Format specifier missing precision");
    CHECK(error(tlab::format_int(1, "99999999999999999999")) == "ValueError: Too many decimal digits in format string");
    CHECK(error(tlab::format_int(-1, "c")) == "OverflowError: %c arg not in range(0x110000)");
    CHECK(error(tlab::format_int(1, "z+c")) == "ValueError: Invalid format specifier 'z+c' for object of type 'int'");
    CHECK(error(tlab::format_bool(true, "s")) == "ValueError: Unknown format code 's' for object of type 'bool'");
    CHECK(shown_error(tlab::format_object_error("list", ">5")) ==
          "TypeError: unsupported format string passed to list.__format__");
}

TEST_CASE("str.format structure", "[pyformat]") {
    const tlab::FormatString f = tlab::parse_format_string("a{0!r:>{1}}b{{");
    REQUIRE(f.pieces.size() == 2);
    CHECK(f.pieces[0].literal == "a");
    CHECK(f.pieces[0].field_name == "0");
    CHECK(f.pieces[0].conversion == U'r');
    CHECK(f.pieces[0].spec == ">{1}");
    CHECK(f.pieces[0].spec_has_fields);
    CHECK(f.pieces[1].literal == "b{");
    CHECK(!f.pieces[1].has_field);
    CHECK(!f.error);
    CHECK(tlab::parse_format_string("}").error.message == "Single '}' encountered in format string");

    tlab::FieldNumbering numbering;
    const auto name = tlab::split_field_name("a.b[1]", numbering);
    REQUIRE(name.ok());
    CHECK(name.value.key == "a");
    REQUIRE(name.value.rest.size() == 2);
    CHECK(name.value.rest[0].is_attribute);
    CHECK(name.value.rest[1].is_index);
    CHECK(name.value.rest[1].index == 1);
    CHECK(tlab::split_field_name("", numbering).value.index == 0);
    CHECK(tlab::split_field_name("0", numbering).error.message ==
          "cannot switch from automatic field numbering to manual field specification");
}

TEST_CASE("round() and np.round", "[pyformat]") {
    CHECK(tlab::round_float(2.675, 2).value == 2.67);
    CHECK(tlab::np_round_float(2.675, 2) == 2.68);
    CHECK(tlab::round_float(1234.5, -1).value == 1230.0);
    CHECK(std::signbit(tlab::round_float(-0.4, 0).value));
    CHECK(tlab::round_float_to_int(2.5).value == 2);
    CHECK(tlab::round_float_to_int(-3.5).value == -4);
    CHECK(shown_error(tlab::round_float_to_int(inf_v).error) == "OverflowError: cannot convert float infinity to integer");
    CHECK(tlab::round_int(25, -1).value == 20);
    CHECK(tlab::round_int(35, -1).value == 40);
    CHECK(tlab::np_round_float(25.0, -1) == 20.0);
    CHECK(tlab::np_round_int(35, -1) == 40);
}

TEST_CASE("int(str) and float(str)", "[pyformat]") {
    CHECK(tlab::parse_int(" -1_000 ", 10, "' -1_000 '").value == -1000);
    CHECK(tlab::parse_int("0x1f", 0, "'0x1f'").value == 31);
    CHECK(tlab::parse_int("１２", 10, "'１２'").value == 12);
    CHECK(shown_error(tlab::parse_int("abc", 10, "'abc'").error) == "ValueError: invalid literal for int() with base 10: 'abc'");
    CHECK(tlab::parse_float(" 1_000.5 ", "' 1_000.5 '").value == 1000.5);
    CHECK(tlab::parse_float("-Infinity", "'-Infinity'").value == -inf_v);
    CHECK(tlab::parse_float("1e400", "'1e400'").value == inf_v);
    CHECK(shown_error(tlab::parse_float("abc", "'abc'").error) == "ValueError: could not convert string to float: 'abc'");
}

// The examples in pyformat.hpp's comments, as written there.
TEST_CASE("pyformat.hpp's examples hold", "[pyformat]") {
    const auto error = [](const tlab::PyExc& e) { return shown_error(e); };
    CHECK(tlab::format_int(255, "#x").value == "0xff");
    CHECK(tlab::format_int(65, "c").value == "A");
    CHECK(error(tlab::format_int(3, ".2").error) == "ValueError: Precision not allowed in integer format specifier");
    CHECK(tlab::format_float(1e16, ".3").value == "1e+16");
    CHECK(tlab::format_str("ab", "^6").value == "  ab  ");
    CHECK(tlab::format_str("abcdef", ".3").value == "abc");
    CHECK(error(tlab::format_str("ab", "+").error) == "ValueError: Sign not allowed in string format specifier");

    tlab::FieldNumbering numbering;
    const auto name = tlab::split_field_name("0[x]", numbering);
    REQUIRE(name.ok());
    CHECK(name.value.is_index);
    CHECK(name.value.index == 0);
    REQUIRE(name.value.rest.size() == 1);
    CHECK(name.value.rest[0].name == "x");

    const json ab_4 = json::parse(R"([["s", "ab", "str", "ab", "'ab'", "'ab'"], ["i", 4, "int", "4", "4", "4"]])");
    const json no_kwargs = json::array();
    JsonFields fields(ab_4, no_kwargs);
    CHECK(tlab::format_string("{:>{}}", fields).value == "  ab");

    const json operand = json::parse(R"(["t", [["f", "0x1.921f9f01b866ep+1", "float", "3.14159", "3.14159", "3.14159"],
        ["i", 7, "int", "7", "7", "7"], ["s", "x", "str", "x", "'x'", "'x'"]], "tuple", "", "", ""])");
    JsonOperand op(operand);
    CHECK(tlab::percent_format("%5.2f|%-4d|%s|%%", op).value == " 3.14|7   |x|%");

    CHECK(tlab::round_float(0.5, 0).value == 0.0);
    CHECK(error(tlab::round_float(1.7e308, -308).error) == "OverflowError: rounded value too large to represent");
    CHECK(tlab::round_int(-15, -1).value == -20);
    CHECK(tlab::np_round_int(25, -1) == 20);
    CHECK(tlab::parse_int("0x1f", 16, "'0x1f'").value == 31);
    CHECK(error(tlab::parse_int("1", 1, "'1'").error) == "ValueError: int() base must be >= 2 and <= 36, or 0");
    CHECK(tlab::parse_int("99999999999999999999", 10, "").error.type == tlab::k_beyond_int64);
    CHECK(tlab::parse_float("1e-5", "'1e-5'").value == 1e-05);
    CHECK(std::isnan(tlab::parse_float("nan", "'nan'").value));
    CHECK(tlab::parse_float("1_0.5", "'1_0.5'").value == 10.5);
}

// ---- the golden cases ------------------------------------------------------------------------

TEST_CASE("golden cases come from Python 3.11 and NumPy 1.24", "[pyformat]") {
    CHECK(cases().at("python").get<std::string>().rfind("3.11", 0) == 0);
    CHECK(cases().at("numpy").get<std::string>().rfind("1.24", 0) == 0);
    // Every decimal digit is one of 66 runs of ten (the table in pyformat.cpp holds their zeros,
    // checked through int() and float() in the parse sections).
    CHECK(cases().at("decimal_count").get<std::size_t>() == cases().at("decimal_zeros").size() * 10);
}

TEST_CASE("repr(float) is scalar_str, as Python prints it", "[pyformat]") {
    check_section("repr", [](const json& c) {
        return std::make_pair(tlab::scalar_str(from_hex(c[0].get<std::string>())), c[1].get<std::string>());
    });
}

TEST_CASE("format(value, spec) as Python prints or raises", "[pyformat]") {
    check_section("format", [](const json& c) {
        const std::string kind = c[0];
        const std::string spec = c[2];
        tlab::PyResult<std::string> got;
        if (kind == "int") got = tlab::format_int(c[1].get<std::int64_t>(), spec);
        else if (kind == "bool") got = tlab::format_bool(c[1].get<bool>(), spec);
        else if (kind == "float") got = tlab::format_float(from_hex(c[1].get<std::string>()), spec);
        else got = tlab::format_str(c[1].get<std::string>(), spec);
        return std::make_pair(shown(got, text_of), expected(c[3], expected_text));
    });
    check_section("format_object", [](const json& c) {
        const tlab::PyExc e = tlab::format_object_error(c[1].get<std::string>(), c[3].get<std::string>());
        return std::make_pair(e ? shown_error(e) : c[2].get<std::string>(), expected(c[4], expected_text));
    });
}

TEST_CASE("str.format's pieces and field names as _string splits them", "[pyformat]") {
    check_section("parse_format", [](const json& c) {
        const tlab::FormatString f = tlab::parse_format_string(c[0].get<std::string>());
        json pieces = json::array();
        for (const tlab::FormatPiece& p : f.pieces) {
            if (p.has_field)
                pieces.push_back({p.literal, p.field_name, p.spec, p.conversion ? utf8(p.conversion) : ""});
            else
                pieces.push_back({p.literal, nullptr, nullptr, ""});
        }
        const json error = f.error ? json::array({f.error.type, f.error.message}) : json();
        return std::make_pair(json::array({pieces, error}).dump(), json::array({c[1], c[2]}).dump());
    });
    check_section("field_name", [](const json& c) {
        tlab::FieldNumbering numbering;
        const auto r = tlab::split_field_name(c[0].get<std::string>(), numbering);
        json got;
        if (!r.ok()) {
            got = json::array({nullptr, json::array(), json::array({r.error.type, r.error.message})});
        } else {
            const tlab::FieldName& n = r.value;
            // _string's split does no automatic numbering: an empty first part stays "".
            const json first = n.is_index ? (c[1].is_string() ? json("") : json(n.index)) : json(n.key);
            json rest = json::array();
            for (const tlab::FieldAccessor& a : n.rest)
                rest.push_back({a.is_attribute, a.is_index ? json(a.index) : json(a.name)});
            const json error = n.rest_error ? json::array({n.rest_error.type, n.rest_error.message}) : json();
            got = json::array({first, rest, error});
        }
        return std::make_pair(got.dump(), json::array({c[1], c[2], c[3]}).dump());
    });
}

TEST_CASE("str.format as Python formats or raises", "[pyformat]") {
    check_section("format_string", [](const json& c) {
        JsonFields fields(c[1], c[2]);
        return std::make_pair(shown(tlab::format_string(c[0].get<std::string>(), fields), text_of),
                              expected(c[3], expected_text));
    });
}

TEST_CASE("printf-style % as Python formats or raises", "[pyformat]") {
    check_section("percent", [](const json& c) {
        JsonOperand operand(c[1]);
        return std::make_pair(shown(tlab::percent_format(c[0].get<std::string>(), operand), text_of),
                              expected(c[2], expected_text));
    });
}

TEST_CASE("round() of floats and ints as Python rounds", "[pyformat]") {
    check_section("round", [](const json& c) {
        const double x = from_hex(c[0].get<std::string>());
        if (c[1].is_null()) return std::make_pair(shown(tlab::round_float_to_int(x), int_text), expected(c[2], expected_int));
        return std::make_pair(shown(tlab::round_float(x, c[1].get<std::int64_t>()), double_text),
                              expected(c[2], expected_double));
    });
    check_section("round_int", [](const json& c) {
        return std::make_pair(shown(tlab::round_int(c[0].get<std::int64_t>(), c[1].get<std::int64_t>()), int_text),
                              expected(c[2], expected_int));
    });
}

TEST_CASE("np.round of float64 and int64 as NumPy rounds", "[pyformat]") {
    check_section("np_round", [](const json& c) {
        const double got = tlab::np_round_float(from_hex(c[0].get<std::string>()), c[1].get<std::int64_t>());
        return std::make_pair(double_text(got), expected_double(c[2]));
    });
    check_section("np_round_int", [](const json& c) {
        const std::int64_t got = tlab::np_round_int(c[0].get<std::int64_t>(), c[1].get<std::int64_t>());
        return std::make_pair(std::to_string(got), expected_int(c[2]));
    });
}

TEST_CASE("int(str) and float(str) as Python parses or raises", "[pyformat]") {
    check_section("parse_int", [](const json& c) {
        const auto r = tlab::parse_int(c[0].get<std::string>(), c[1].get<int>(), c[2].get<std::string>());
        return std::make_pair(shown(r, int_text), expected(c[3], expected_int));
    });
    check_section("parse_float", [](const json& c) {
        const auto r = tlab::parse_float(c[0].get<std::string>(), c[1].get<std::string>());
        return std::make_pair(shown(r, double_text), expected(c[2], expected_double));
    });
}
