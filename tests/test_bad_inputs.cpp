// The bad-input catalogue (tests/bad_inputs.json) through the JSON API: every entry answers
// ok=false with the expected field, messages in English and Korean, and a response that is itself
// valid JSON; the catalogue's "ok" entries answer ok=true. tests/bad_inputs_cli.py runs the same
// catalogue through labrun, fuzz/make_corpus.py turns it into the fuzzer's seeds.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "test_support.hpp"
#include "tlab/api.hpp"

using nlohmann::json;

namespace {

std::string base64_decode(const std::string& in) {
    static const std::string abc =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    unsigned value = 0;
    int bits = -8;
    for (char c : in) {
        const std::size_t k = abc.find(c);
        if (k == std::string::npos) break;  // '=' padding
        value = (value << 6) | static_cast<unsigned>(k);
        bits += 6;
        if (bits >= 0) {
            out.push_back(static_cast<char>((value >> bits) & 0xFF));
            bits -= 8;
        }
    }
    return out;
}

void replace_all(std::string& s, const std::string& from, const std::string& to) {
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
        s.replace(at, from.size(), to);
}

// The exact bytes an entry sends (see the catalogue's "about").
std::string request_bytes(const json& entry) {
    if (entry.contains("request_base64")) return base64_decode(entry["request_base64"]);
    if (!entry.contains("request_text")) return entry["request"].dump();
    std::string text = entry["request_text"];
    if (entry.contains("repeat")) {
        for (std::size_t k = 0; k < entry["repeat"].size(); ++k) {
            const json& r = entry["repeat"][k];
            std::string block;
            const std::string unit = r["text"];
            for (int n = 0; n < r["count"].get<int>(); ++n) block += unit;
            replace_all(text, fmt::format("<<R{}>>", k), block);
        }
    }
    return text;
}

std::string whole(double x) { return fmt::format("{:.0f}", x); }

std::string ones(std::size_t n, const std::string& one) {
    std::string out;
    for (std::size_t k = 0; k < n; ++k) out += (k ? ", " : "") + one;
    return out;
}

struct Case {
    std::string name, bytes, field, contains;
};

// The explicit entries plus per_param's templates applied to every param the core lists.
std::vector<Case> bad_cases(const json& catalogue) {
    std::vector<Case> cases;
    for (const json& e : catalogue["entries"])
        cases.push_back({e["name"], request_bytes(e), e["field"], e.value("message_contains", "")});
    const json list = json::parse(tlab::handle_request_text(R"({"list": true})"));
    for (const json& lab : list["labs"]) {
        for (const json& p : lab["params"]) {
            const std::string kind = p["kind"], name = p["name"];
            for (const json& t : catalogue["per_param"]) {
                bool applies = false;
                for (const json& k : t["kinds"]) applies = applies || k == kind;
                if (!applies) continue;
                std::string value = t["value_text"];
                if (p.contains("max")) replace_all(value, "{above}", whole(p["max"].get<double>() + 1));
                if (p.contains("min")) replace_all(value, "{below}", whole(p["min"].get<double>() - 1));
                const std::size_t too_many = p.value("max_len", 0) + 1;
                replace_all(value, "{too_many}", ones(too_many, "1"));
                replace_all(value, "{too_many_rows}", ones(too_many, "[1]"));
                const std::string bytes =
                    fmt::format(R"({{"lab": "{}", "step": {}, "params": {{"{}": {}}}}})",
                                lab["id"].get<std::string>(), p["steps"][0].get<int>(), name,
                                value);
                cases.push_back({fmt::format("{} {}: {}", lab["id"].get<std::string>(), name,
                                             t["name"].get<std::string>()),
                                 bytes, "params." + name + t["field"].get<std::string>(),
                                 t.value("message_contains", "")});
            }
        }
    }
    return cases;
}

}  // namespace

TEST_CASE("every bad input is answered with its field and a message in both languages",
          "[bad_inputs]") {
    const json catalogue = tlab_test::read_json("bad_inputs.json");
    const std::vector<Case> cases = bad_cases(catalogue);
    CHECK(cases.size() >= 150);
    for (const Case& c : cases) {
        INFO(c.name << "\nrequest (first 200 bytes): " << c.bytes.substr(0, 200));
        const std::string text = tlab::handle_request_text(c.bytes);
        INFO("response: " << text.substr(0, 600));
        json r;
        REQUIRE_NOTHROW(r = json::parse(text));  // strict: valid JSON and valid UTF-8
        REQUIRE(r["ok"] == false);
        CHECK(r["error"]["field"] == c.field);
        const std::string en = r["error"]["message"], ko = r["error"]["message_ko"];
        CHECK(!en.empty());
        CHECK(!ko.empty());
        CHECK(en.find(c.contains) != std::string::npos);
        // Messages stay readable: nothing the request echoes makes them huge.
        CHECK(en.size() < 600);
        CHECK(ko.size() < 600);
        CHECK(r["error"]["field"].get<std::string>().size() < 200);
    }
}

TEST_CASE("the catalogue's valid requests answer ok", "[bad_inputs]") {
    const json catalogue = tlab_test::read_json("bad_inputs.json");
    for (const json& e : catalogue["ok"]) {
        INFO(e["name"].get<std::string>());
        const std::string text = tlab::handle_request_text(request_bytes(e));
        INFO("response: " << text.substr(0, 600));
        const json r = json::parse(text);
        CHECK(r["ok"] == true);
    }
}
