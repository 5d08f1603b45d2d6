// Tests for lab_literals: selectors find a lab's param literals in its code, and find them again
// in the code the core writes for other values.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "param_parse.hpp"
#include "tlab/lab_literals.hpp"
#include "tlab/labs.hpp"

using nlohmann::json;
using tlab::find_literals;
using tlab::LabFormatError;
using tlab::literal_selector;

namespace {

std::vector<std::string> texts(const std::string& code, const json& selector) {
    std::vector<std::string> out;
    for (const tlab::LiteralPlace& p : find_literals(code, literal_selector(selector))) {
        out.push_back(code.substr(p.start, p.end - p.start));
    }
    return out;
}

// UTF-16 units before byte `at` (the responses' literal spans count them, for the page).
std::size_t utf16(const std::string& code, std::size_t at) {
    std::size_t n = 0;
    for (std::size_t k = 0; k < at; ++k) {
        const auto c = static_cast<unsigned char>(code[k]);
        if ((c & 0xC0) != 0x80) n += c >= 0xF0 ? 2 : 1;
    }
    return n;
}

}  // namespace

TEST_CASE("selectors find literals by the syntax around them", "[lab_literals]") {
    const std::string code =
        "import numpy as np\n"
        "np.random.seed(42)\n"
        "d_k = 64  # 점수\n"
        "for d_k in [4, 16, 64]:\n"
        "    q = np.random.randn(1000, d_k)\n"
        "    k = np.random.randn(1000, d_k)\n"
        "A = np.array([[1, -2.5],\n"
        "              [3, +4]])\n"
        "z = (-1, 2e-3)\n";
    CHECK(texts(code, {{"call", "np.random.seed"}, {"arg", 0}}) == std::vector<std::string>{"42"});
    CHECK(texts(code, {{"assign", "d_k"}}) == std::vector<std::string>{"64"});
    CHECK(texts(code, {{"for", "d_k"}}) == std::vector<std::string>{"[4, 16, 64]"});
    CHECK(texts(code, {{"call", "np.random.randn"}, {"arg", 0}, {"count", 2}}) ==
          std::vector<std::string>{"1000", "1000"});
    CHECK(texts(code, {{"assign", "A"}}) == std::vector<std::string>{"np.array([[1, -2.5],\n              [3, +4]])"});
    CHECK(texts(code, {{"assign", "z"}}) == std::vector<std::string>{"(-1, 2e-3)"});

    const auto places = find_literals(code, literal_selector({{"assign", "A"}}));
    CHECK(places[0].value == json::parse("[[1, -2.5], [3, 4]]"));
    CHECK(places[0].value[0][0].is_number_integer());
    CHECK(find_literals(code, literal_selector({{"assign", "z"}}))[0].value == json::parse("[-1, 0.002]"));
    // Byte offsets: the Korean comment before does not shift them.
    const auto dk = find_literals(code, literal_selector({{"for", "d_k"}}))[0];
    CHECK(code.substr(dk.start, dk.end - dk.start) == "[4, 16, 64]");
}

TEST_CASE("a selector that finds another number of literals fails, saying what it found", "[lab_literals]") {
    const std::string code = "import numpy as np\nq = np.random.randn(d_k)\nkeys = np.random.randn(8, d_k)\nd_k = n\n";
    // One of the two calls has a name there, not a literal.
    CHECK(texts(code, {{"call", "np.random.randn"}, {"arg", 0}}) == std::vector<std::string>{"8"});
    CHECK_THROWS_WITH(find_literals(code, literal_selector({{"call", "np.random.randn"}, {"arg", 0}, {"count", 2}})),
                      "argument 0 of np.random.randn(...): 1 literal in the code, 2 expected (1 more place holds "
                      "something other than a literal)");
    CHECK_THROWS_WITH(find_literals(code, literal_selector({{"assign", "d_k"}})),
                      "the value of `d_k = ...`: 0 literals in the code, 1 expected (1 more place holds something "
                      "other than a literal)");
    CHECK_THROWS_WITH(find_literals(code, literal_selector({{"for", "i"}})),
                      "the iterable of `for i in ...`: 0 literals in the code, 1 expected");
    CHECK_THROWS_WITH(find_literals("x = [1, 2\n", literal_selector({{"assign", "x"}})),
                      "the code does not parse: line 1: '[' was never closed");
}

TEST_CASE("a bad selector is refused, naming the field", "[lab_literals]") {
    CHECK_THROWS_AS(literal_selector(json::array()), LabFormatError);
    CHECK_THROWS_WITH(literal_selector({{"call", "f"}}), "selector field \"arg\": needed with \"call\"");
    CHECK_THROWS_WITH(literal_selector({{"assign", "x"}, {"arg", 0}}), "selector field \"arg\": only with \"call\"");
    CHECK_THROWS_WITH(literal_selector({{"assign", "x"}, {"for", "y"}}), "a selector names exactly one of call, assign, for");
    CHECK_THROWS_WITH(literal_selector({{"assign", ""}}), "selector field \"assign\": a name, e.g. \"np.random.seed\"");
    CHECK_THROWS_WITH(literal_selector({{"assign", "x"}, {"count", 0}}), "selector field \"count\": an integer from 1 to 64");
    CHECK_THROWS_WITH(literal_selector({{"assign", "x"}, {"nth", 2}}),
                      "selector field \"nth\": not one of call, arg, assign, for, count");
    CHECK(literal_selector({{"step", 1}, {"assign", "x"}}).assign == "x");
}

// Written back with other values, a step's code still has each param's literals where the
// response says, and the lab's own selectors find them there again, with the new values.
TEST_CASE("selectors find the written literals again, for textbook and other values", "[lab_literals]") {
    const std::map<std::string, std::vector<json>> other_values = {
        {"ch1-lab2",
         {json{{"A", {{-1.5, 2e-7}, {1e14, 4}}}, {"B", {{7}, {-8}}}, {"u", {0.1, -0.2}}, {"v", {3, 4}}, {"z", {-710, 1e-300, 5}}},
          json{{"A", {{1}}}, {"u", {-1, -2, -3, -4, -5, -6, -7}}, {"z", {0}}}}},
        {"ch3-lab2",
         {json{{"sweep_seed", 4294967295LL}, {"d_k_values", {1}}, {"n_pairs", 3}, {"compare_seed", 0},
               {"compare_d_k", 1024}, {"n_keys", 60}},
          json{{"d_k_values", {1024, 2, 512, 8, 256, 4}}, {"n_pairs", 1}}}},
    };
    for (const char* lab_id : {"ch1-lab2", "ch3-lab2"}) {
        const tlab::LabSpec& lab = *tlab::find_lab(lab_id);
        std::vector<std::pair<std::string, json>> params_selectors;  // (param, selector) from lab.json
        for (const json& param : lab.document["params"]) {
            for (const json& selector : param["bind"]) params_selectors.emplace_back(param["name"], selector);
        }
        std::vector<json> value_sets = {json::object()};
        for (const json& v : other_values.at(lab_id)) value_sets.push_back(v);
        for (const json& values : value_sets) {
            tlab::Params params = tlab::textbook_params(lab);
            for (const tlab::ParamSpec& spec : lab.params) {
                if (values.contains(spec.name)) params[spec.name] = tlab::parse_param(spec, values[spec.name]);
            }
            for (const tlab::StepSpec& step : lab.steps) {
                const tlab::StepRun run = tlab::step_source(lab, step.number, params);
                for (const auto& bound : params_selectors) {
                    const std::string& param = bound.first;  // (a lambda below cannot capture a structured binding)
                    const json& selector = bound.second;
                    if (selector["step"] != step.number) continue;
                    std::vector<std::pair<std::size_t, std::size_t>> marked;
                    for (const tlab::LiteralSpan& span : run.literals) {
                        if (span.param == param) marked.emplace_back(span.start, span.end);
                    }
                    REQUIRE(!marked.empty());
                    INFO(lab_id << " step " << step.number << " param " << param << " values " << values.dump());
                    const auto places = find_literals(run.source, literal_selector(selector));
                    std::vector<std::pair<std::size_t, std::size_t>> found;
                    const tlab::ParamSpec& spec =
                        *std::find_if(lab.params.begin(), lab.params.end(), [&](const tlab::ParamSpec& s) { return s.name == param; });
                    for (const tlab::LiteralPlace& p : places) {
                        found.emplace_back(utf16(run.source, p.start), utf16(run.source, p.end));
                        CHECK(p.value == tlab::param_to_json(spec, params.at(param)));
                    }
                    CHECK(found == marked);
                }
            }
        }
    }
}
