// Labs as data: a lab's document is checked field by field, params are written into its code as
// literals (comments keep their column), derived texts follow the params, and a document sent in
// a request runs like a registered lab.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <string>

#include "tlab/api.hpp"
#include "tlab/lab_files.hpp"
#include "tlab/labs.hpp"

using nlohmann::json;

namespace {

// A small lab: one integer bound twice, a list, and a derived string.
json small_lab() {
    return json::parse(R"lab({
      "id": "tiny-lab",
      "title": {"ko": "작은 실습", "en": "A tiny lab"},
      "setup": "import numpy as np\n",
      "helpers": "def note(n):\n    return f'{n} 번'\n",
      "params": [
        {"name": "n", "kind": "integer", "label": {"ko": "개수", "en": "count"}, "min": 1, "max": 1000,
         "bind": [{"step": 1, "call": "np.zeros", "arg": 0, "count": 2}]},
        {"name": "ks", "kind": "int_list", "label": {"ko": "목록", "en": "list"}, "min": 1, "max": 99,
         "min_len": 1, "max_len": 5, "bind": [{"step": 2, "for": "k"}]}
      ],
      "derived": [{"step": 1, "string": "8 번", "value": "note(n)"}],
      "steps": [
        {"step": 1, "title": {"ko": "하나", "en": "one"},
         "code": "a = np.zeros(8)    # 첫째\nb = np.zeros(8)    # 둘째\nprint(\"8 번\", len(a) + len(b))\n"},
        {"step": 2, "title": {"ko": "둘", "en": "two"},
         "code": "for k in [1, 2]:  # 목록\n    print(k * len(a))\n"}
      ]
    })lab");
}

std::string format_error(const json& doc) {
    try {
        tlab::lab_from_document(doc, /*check=*/true);
    } catch (const tlab::LabFormatError& e) {
        return e.what();
    }
    return "";
}

}  // namespace

TEST_CASE("a lab's document: params from selectors, textbook values from the code", "[lab_data]") {
    const tlab::LabSpec lab = tlab::lab_from_document(small_lab(), /*check=*/true);
    REQUIRE(lab.params.size() == 2);
    CHECK(lab.params[0].textbook == 8);
    CHECK(lab.params[0].steps == std::vector<int>{1});
    CHECK(lab.params[1].textbook == json::parse("[1, 2]"));
    REQUIRE(lab.steps[0].literals.size() == 2);
    CHECK(lab.steps[0].code.substr(lab.steps[0].literals[1].start, 1) == "8");
}

TEST_CASE("params are written as literals; comments keep their column; derived texts follow", "[lab_data]") {
    const tlab::LabSpec lab = tlab::lab_from_document(small_lab());
    tlab::Params p = tlab::textbook_params(lab);
    CHECK(tlab::step_source(lab, 1, p).source == lab.steps[0].code);

    p["n"] = tlab::parse_param(lab.params[0], 1000);
    tlab::StepRun one = tlab::step_source(lab, 1, p);
    CHECK(one.source == "a = np.zeros(1000)  # 첫째\nb = np.zeros(1000)  # 둘째\nprint(\"1000 번\", len(a) + len(b))\n");
    p["n"] = tlab::parse_param(lab.params[0], 1000000 / 1000);
    p["ks"] = tlab::parse_param(lab.params[1], json::parse("[10, 20, 30]"));
    const tlab::StepRun two = tlab::step_source(lab, 2, p);
    CHECK(two.source == "for k in [10, 20, 30]:  # 목록\n    print(k * len(a))\n");
    REQUIRE(two.literals.size() == 1);
    CHECK(two.literals[0].param == "ks");
    CHECK(two.literals[0].start == 9);
    CHECK(two.literals[0].end == 21);

    p["n"] = tlab::parse_param(lab.params[0], 3);
    one = tlab::step_source(lab, 1, p);
    CHECK(one.source == "a = np.zeros(3)    # 첫째\nb = np.zeros(3)    # 둘째\nprint(\"3 번\", len(a) + len(b))\n");
    // The spans count UTF-16 units: the Korean comment on line 1 comes before line 2's literal.
    REQUIRE(one.literals.size() == 2);
    CHECK(one.literals[1].start == std::u16string(u"a = np.zeros(3)    # 첫째\nb = np.zeros(").size());
}

TEST_CASE("the ch1-lab2 remarks follow the values", "[lab_data]") {
    const tlab::LabSpec& lab = *tlab::find_lab("ch1-lab2");
    tlab::Params p = tlab::textbook_params(lab);
    p["A"] = tlab::parse_param(*tlab::find_param(lab, "A"), json::parse("[[1, 2], [3, 4], [5, 6]]"));
    const std::string one = tlab::step_source(lab, 1, p).source;
    CHECK(one.find("# (3, 2) @ (3, 2): 가운데 두 수가 같으면 결과는 바깥 두 수 (3, 2)\n") != std::string::npos);
    CHECK(one.find("print(\"결과 shape:\", C.shape, \"→ (3, 2)\")") != std::string::npos);

    p["u"] = tlab::parse_param(*tlab::find_param(lab, "u"), json::parse("[0, 0]"));
    p["v"] = tlab::parse_param(*tlab::find_param(lab, "v"), json::parse("[-1.5, 2]"));
    std::string two = tlab::step_source(lab, 2, p).source;
    CHECK(two.find("\"→ 0×(-1.5) + 0×2.0 = 0.0\"") != std::string::npos);
    CHECK(two.find("\"→ 0 이 나옵니다\"") != std::string::npos);
    p["v"] = tlab::parse_param(*tlab::find_param(lab, "v"), json::parse("[1, 2, 3]"));
    two = tlab::step_source(lab, 2, p).source;
    CHECK(two.find("\"→ 같은 자리끼리 곱해 모두 더한 값\"") != std::string::npos);
}

TEST_CASE("a bad lab document is refused, naming the field", "[lab_data]") {
    json doc = small_lab();
    doc["title"].erase("en");
    CHECK(format_error(doc) == "lab.title: \"en\" is missing");

    doc = small_lab();
    doc["params"][0]["kind"] = "matrix3";
    CHECK(format_error(doc) == "lab.params[0].kind: one of matrix, vector, integer, int_list, boolean");

    doc = small_lab();
    doc["params"][0]["bind"][0]["count"] = 1;
    CHECK(format_error(doc) ==
          "lab.params[0].bind[0]: argument 0 of np.zeros(...): 2 literals in the code, 1 expected");

    doc = small_lab();
    doc["params"][0]["max"] = 5;
    CHECK(format_error(doc) == "lab.params[0]: its textbook value in the code 8 does not fit: params.n must be "
                               "between 1 and 5");

    doc = small_lab();
    doc["derived"][0]["string"] = "9 번";
    CHECK(format_error(doc) == "lab.derived[0].string: the string \"9 번\" is not in the step's code");

    doc = small_lab();
    doc["helpers"] = "def note(n):\n    return f'{n}번'\n";
    CHECK(format_error(doc) == "lab.steps[0].code: at the textbook values step 1 would read \"print(\"8번\", len(a) + "
                               "len(b))\" where its code has \"print(\"8 번\", len(a) + len(b))\"");

    doc = small_lab();
    doc["steps"][1]["code"] = "for k in [1,2]:\n    print(k)\n";
    CHECK(format_error(doc) == "lab.steps[1].code: at the textbook values step 2 would read \"for k in [1, 2]:\" "
                               "where its code has \"for k in [1,2]:\"");

    doc = small_lab();
    doc["params"][1]["name"] = "n";
    CHECK(format_error(doc) == "lab.params[1].name: \"n\" twice");

    doc = small_lab();
    doc["steps"][0]["step"] = 2;
    CHECK(format_error(doc) == "lab.steps[0].step: steps are numbered 1, 2, ... in order");

    doc = small_lab();
    doc["steps"][0]["code"] = doc["steps"][0]["code"].get<std::string>() + "# \x03\n";
    CHECK(format_error(doc) == "lab.steps[0].code: the control characters U+0001 to U+0003 are not allowed");

    doc = small_lab();
    doc["colour"] = "red";
    CHECK(format_error(doc).rfind("lab.colour: not a field here (fields: id, title,", 0) == 0);

    // a visual's field is an expression or a text in both languages
    doc = small_lab();
    doc["steps"][0]["visuals"] = json::parse(R"([{"kind": "table_bars", "x": "'n'", "ylabel": {"ko": "개수"}}])");
    CHECK(format_error(doc) == "lab.steps[0].visuals[0].ylabel: \"en\" is missing");
    doc["steps"][0]["visuals"][0]["ylabel"] = 3;
    CHECK(format_error(doc) == "lab.steps[0].visuals[0].ylabel: a Python expression, or a text {\"ko\": ..., \"en\": ...}");
}

TEST_CASE("a visual's text is passed on in both languages, its expressions evaluated", "[lab_data][api]") {
    json doc = small_lab();
    doc["steps"][0]["visuals"] =
        json::parse(R"v([{"kind": "table_bars", "table": "pd.DataFrame({'a': [1.5, 2.25]})", "x": "'a'",
                          "ylabel": {"ko": "개수", "en": "count"}}])v");
    doc["setup"] = "import numpy as np\nimport pandas as pd\n";
    const json r = tlab::handle_request(json{{"lab", doc}, {"step", 1}});
    REQUIRE(r["ok"] == true);
    REQUIRE(r["visuals"].size() == 1);
    const json& v = r["visuals"][0];
    CHECK(v["ylabel"] == json{{"ko", "개수"}, {"en", "count"}});
    CHECK(v["x"] == "a");
    // a DataFrame as the page's table, with the text pandas prints
    CHECK(v["table"]["columns"] == json::array({"a"}));
    CHECK(v["table"]["rows"] == json::parse("[[1.5], [2.25]]"));
    CHECK(v["table"]["text"] == "      a\n0  1.50\n1  2.25");
}

TEST_CASE("a request may carry the lab's document", "[lab_data][api]") {
    const json request = {{"lab", small_lab()}, {"step", 2}, {"params", {{"n", 2}, {"ks", {3}}}}};
    const json r = json::parse(tlab::handle_request_text(request.dump()));
    REQUIRE(r["ok"] == true);
    CHECK(r["lab"] == "tiny-lab");
    CHECK(r["outputs"][0]["text"] == "6\n");
    CHECK(r["params"] == json::parse(R"({"n": 2, "ks": [3]})"));

    json broken = small_lab();
    broken["params"][1]["bind"][0]["for"] = "j";
    const json e = json::parse(tlab::handle_request_text(json{{"lab", broken}, {"step", 1}}.dump()));
    CHECK(e["ok"] == false);
    CHECK(e["error"]["field"] == "lab");
    CHECK(e["error"]["message"] ==
          "the lab's document is not valid: lab.params[1].bind[0]: the iterable of `for j in ...`: 0 literals in the "
          "code, 1 expected");
}

TEST_CASE("a request with the document read last is answered as if read whole", "[lab_data][api]") {
    // (the core skips reading a document whose bytes it read last: api.cpp, KnownDocument)
    const std::string doc = small_lab().dump();
    json changed = small_lab();
    changed["id"] = "tiny-lab-2";
    const std::string other = changed.dump(2);
    const auto ask = [](const std::string& lab, const std::string& rest) {
        return tlab::handle_request_text("{\"lab\": " + lab + rest);
    };
    const std::string read_first = R"(, "step": 1})";
    for (const std::string rest : {R"(, "step": 2, "params": {"n": 3, "ks": [2, 4]}})",
                                   R"(, "step": 2, "params": {"n": 3, "ks": [2, 4]})",  // cut off
                                   R"(, "step": 2, "params": {"n": 01}})",              // at byte ...
                                   R"(, "step": 2, "params": {"n": 2, "ks": [2, 4,]}})",
                                   R"(,"step":2,"code":{"2":"print(n)\n"}})",
                                   R"(, "step": 9})",
                                   R"(, "lab": "tiny-lab", "step": 1})",  // a key twice
                                   R"x(, "cells": ["print(1)"]})x",
                                   R"(} x)",
                                   R"(})"}) {
        CAPTURE(rest);
        REQUIRE(json::parse(ask(other, read_first))["ok"] == true);
        const std::string whole = ask(doc, rest);  // the other document was read last
        REQUIRE(json::parse(ask(doc, read_first))["ok"] == true);
        CHECK(ask(doc, rest) == whole);
    }
    // the other document's bytes after this one's: read whole, the other lab
    REQUIRE(json::parse(ask(doc, read_first))["ok"] == true);
    CHECK(json::parse(ask(other, read_first))["lab"] == "tiny-lab-2");
    CHECK(json::parse(ask(doc, read_first))["lab"] == "tiny-lab");
}

TEST_CASE("a boolean param is True or False in the code", "[lab_data]") {
    json doc = small_lab();
    doc["params"].push_back(json::parse(R"({"name": "loud", "kind": "boolean", "label": {"ko": "크게", "en": "loud"},
                                           "bind": [{"step": 2, "assign": "loud"}]})"));
    doc["steps"][1]["code"] = "loud = True\nfor k in [1, 2]:  # 목록\n    print(k * len(a) if loud else 0)\n";
    const tlab::LabSpec lab = tlab::lab_from_document(doc, /*check=*/true);
    CHECK(lab.params[2].textbook == true);
    tlab::Params p = tlab::textbook_params(lab);
    p["loud"] = tlab::parse_param(lab.params[2], false);
    CHECK(tlab::step_source(lab, 2, p).source.rfind("loud = False\n", 0) == 0);
    CHECK(tlab::param_to_json(lab.params[2], p["loud"]) == false);
    CHECK_THROWS_WITH(tlab::parse_param(lab.params[2], 1), "params.loud must be true or false");

    doc["params"][2]["max"] = 1;
    CHECK(format_error(doc) == "lab.params[2].max: a boolean has no limits");
}

TEST_CASE("a step needs the earlier steps whose values it reads, as the kernel finds them", "[lab_data]") {
    const tlab::LabSpec& ch1 = *tlab::find_lab("ch1-lab2");
    for (int step = 1; step <= 3; ++step) CHECK(tlab::step_needs(ch1, step).empty());  // three independent cells
    const tlab::LabSpec& ch3 = *tlab::find_lab("ch3-lab3");
    CHECK(tlab::step_needs(ch3, 1).empty());
    CHECK(tlab::step_needs(ch3, 2) == std::vector<int>{1});      // Q and K
    CHECK(tlab::step_needs(ch3, 3) == std::vector<int>{1, 2});   // V, and the weights
    const tlab::LabSpec tiny = tlab::lab_from_document(small_lab());
    CHECK(tlab::step_needs(tiny, 2) == std::vector<int>{1});     // len(a); the setup's import is no step
}

TEST_CASE("a derived text whose helper never returns is stopped by a small step budget", "[lab_data]") {
    json doc = small_lab();
    doc["helpers"] = "def note(n):\n    while True:\n        n += 1\n";
    const tlab::LabSpec lab = tlab::lab_from_document(doc);
    CHECK_THROWS_WITH(tlab::step_source(lab, 1, tlab::textbook_params(lab)),
                      "lab tiny-lab: derived[0] note(n): raised, or is not a str");
}

TEST_CASE("a derived comment is one line of text: no line break, no control character", "[lab_data]") {
    json doc = small_lab();
    doc["steps"][1]["code"] = "# 2 개\nfor k in [1, 2]:  # 목록\n    print(k * len(a))\n";
    doc["derived"] = json::parse(R"([{"step": 2, "comment": "2 개", "value": "f'{len(ks)} 개'"}])");
    const tlab::LabSpec good = tlab::lab_from_document(doc, /*check=*/true);
    tlab::Params p = tlab::textbook_params(good);
    p["ks"] = tlab::parse_param(good.params[1], json::parse("[1, 2, 3]"));
    CHECK(tlab::step_source(good, 2, p).source.rfind("# 3 개\n", 0) == 0);
    for (const char* bad : {"'a\\nb'", "'a\\x03b'", "'\\x01'"}) {
        doc["derived"][0]["value"] = bad;
        const tlab::LabSpec lab = tlab::lab_from_document(doc);
        CHECK_THROWS_WITH(tlab::step_source(lab, 2, tlab::textbook_params(lab)),
                          Catch::Matchers::Contains("a comment is one line of text, without control characters"));
    }
}

TEST_CASE("the examples in labs.hpp and lab_files.hpp do what they say", "[lab_data][docs]") {
    // lab_files.hpp
    nlohmann::json doc = tlab::read_lab_folder(tlab::default_labs_dir() + "/ch1-lab2");
    CHECK(doc["steps"][0]["code"].get<std::string>().rfind("# 곱할 두 행렬", 0) == 0);
    std::ifstream helpers(tlab::default_labs_dir() + "/ch1-lab2/helpers.py", std::ios::binary);
    CHECK(doc["helpers"].get<std::string>() == std::string(std::istreambuf_iterator<char>(helpers), {}));
    // labs.hpp
    const tlab::LabSpec& lab = tlab::register_lab(doc);
    tlab::Params p = tlab::textbook_params(lab);
    p["u"] = tlab::parse_param(*tlab::find_param(lab, "u"), nlohmann::json{1, 2});
    tlab::StepRun run = tlab::run_step(lab, 2, p);
    CHECK(run.source.find("u = np.array([1, 2])") != std::string::npos);
    CHECK(run.literals[0].param == "u");
}
