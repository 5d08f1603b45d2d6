// Exercises: a lab's checks run after its step, in a copy of the step's namespace with the lab's
// checks.py run in it, and leave the step's outputs, its variables and the next steps as they
// were. (Each lab's own exercises against their solutions: tests/differential/check_exercises.py.)
#include <catch2/catch.hpp>

#include <string>

#include "tlab/api.hpp"
#include "tlab/labs.hpp"

using nlohmann::json;

namespace {

// A two-step lab whose step 1 draws random numbers step 2 prints; its checks try to break out.
json checked_lab() {
    return json::parse(R"lab({
      "id": "checked-lab",
      "title": {"ko": "문제 실습", "en": "A lab with exercises"},
      "setup": "import numpy as np\n",
      "checks": "import numpy as np\n\ndef check_big():\n    if x.max() > 0.5:\n        return True\n    return ('too_small', {'top': round(float(x.max()), 2), 'n': len(x)})\n\ndef check_meddles():\n    x[0] = 99.0\n    np.random.seed(0)\n    np.random.rand(5)\n    print('from a check')\n    return True\n\ndef check_answer(answer):\n    return answer == '3' or 'wrong'\n\ndef check_raises():\n    return 1 / 0\n\ndef check_gives_number():\n    return 7\n",
      "params": [
        {"name": "seed", "kind": "integer", "label": {"ko": "씨앗", "en": "seed"}, "min": 0, "max": 1000,
         "bind": [{"step": 1, "call": "np.random.seed", "arg": 0}]}
      ],
      "steps": [
        {"step": 1, "title": {"ko": "뽑기", "en": "draw"},
         "code": "np.random.seed(1)\nx = np.random.rand(3)\nprint(x)\n"},
        {"step": 2, "title": {"ko": "다음", "en": "next"},
         "code": "print(x, np.random.rand(2))\n"}
      ],
      "exercises": [
        {"id": "big", "step": 1, "answer": "code", "check": "check_big()"},
        {"id": "meddles", "step": 1, "answer": "code", "check": "check_meddles()"},
        {"id": "count", "step": 1, "answer": "number", "check": "check_answer(answer)"},
        {"id": "raises", "step": 1, "answer": "code", "check": "check_raises()"},
        {"id": "number", "step": 1, "answer": "code", "check": "check_gives_number()"},
        {"id": "why", "step": 1, "answer": "reflection"},
        {"id": "later", "step": 2, "answer": "code", "check": "check_big()"}
      ]
    })lab");
}

json ask(json request) {
    request["lab"] = checked_lab();
    return tlab::handle_request(request);
}

json by_id(const json& exercises, const std::string& id) {
    for (const json& e : exercises)
        if (e["id"] == id) return e;
    return nullptr;
}

}  // namespace

TEST_CASE("a step's exercises are checked after it runs", "[exercises][api]") {
    const json r = ask({{"step", 1}, {"answers", {{"count", "3"}}}});
    REQUIRE(r["ok"] == true);
    const json& ex = r["exercises"];
    // step 1's checked exercises in the lab's order; a reflection is never checked, step 2's are not here
    REQUIRE(ex.size() == 5);
    CHECK(ex[0]["id"] == "big");
    CHECK(by_id(ex, "why").is_null());
    CHECK(by_id(ex, "later").is_null());
    // (seed 1: x = [0.417, 0.720, 0.000114], as NumPy draws it)
    CHECK(by_id(ex, "big")["status"] == "pass");
    CHECK(by_id(ex, "count")["status"] == "pass");
    const json raises = by_id(ex, "raises");
    CHECK(raises["status"] == "fail");
    CHECK(raises["error"] == "ZeroDivisionError: division by zero");
    CHECK(by_id(ex, "number")["status"] == "fail");
    CHECK(by_id(ex, "number")["error"].get<std::string>().find("not 7") != std::string::npos);
}

TEST_CASE("a check's feedback names its text and gives its values as str() shows them", "[exercises][api]") {
    // (the learner's own x, whose largest value is 0.5: not more than 0.5)
    const json r = ask({{"step", 1}, {"code", {{"1", "x = np.array([0.25, 0.5, 0.125])\n"}}}, {"answers", {{"count", "4"}}}});
    const json big = by_id(r["exercises"], "big");
    CHECK(big["status"] == "fail");
    CHECK(big["feedback"] == "too_small");
    CHECK(big["values"] == json({{"top", "0.5"}, {"n", "3"}}));
    const json count = by_id(r["exercises"], "count");
    CHECK(count["status"] == "fail");
    CHECK(count["feedback"] == "wrong");
    CHECK_FALSE(count.contains("values"));
}

TEST_CASE("a number exercise with no answer yet is not checked", "[exercises][api]") {
    const json r = ask({{"step", 1}});
    CHECK(by_id(r["exercises"], "count") == json({{"id", "count"}, {"status", "not-checked"}, {"reason", "no-answer"}}));
}

TEST_CASE("checks cannot change the step's outputs, variables, random state or later steps", "[exercises][api]") {
    tlab::register_lab(checked_lab());
    const json plain_lab = [] {
        json lab = checked_lab();
        lab["id"] = "checked-lab-plain";
        lab.erase("exercises");
        lab.erase("checks");
        return lab;
    }();
    for (int step = 1; step <= 2; ++step) {
        json with = ask({{"step", step}});
        json without = tlab::handle_request({{"lab", plain_lab}, {"step", step}});
        REQUIRE(with["ok"] == true);
        REQUIRE(without["ok"] == true);
        CHECK(with["outputs"] == without["outputs"]);
        CHECK(with["variables"] == without["variables"]);
    }
    // step 2 again after step 1's checks ran (the kernel's cache of step 1): the same draws
    ask({{"step", 1}});
    const json again = ask({{"step", 2}});
    const json plain = tlab::handle_request({{"lab", plain_lab}, {"step", 2}});
    CHECK(again["outputs"] == plain["outputs"]);
    CHECK(again["outputs"].dump().find("99") == std::string::npos);
}

TEST_CASE("a learner's code cannot fake a check: checks.py's names win", "[exercises][api]") {
    const json r = ask({{"step", 1}, {"code", {{"1", "x = np.array([0.1, 0.2])\ncheck_big = lambda: True\nnp = None\n"}}}});
    CHECK(by_id(r["exercises"], "big")["status"] == "fail");
}

TEST_CASE("a step that raises leaves its exercises not checked", "[exercises][api]") {
    const json r = ask({{"step", 1}, {"code", {{"1", "x = 1 / 0\n"}}}});
    CHECK(by_id(r["exercises"], "big") == json({{"id", "big"}, {"status", "not-checked"}, {"reason", "error"}}));
}

TEST_CASE("bad exercises and answers are refused, naming the field", "[exercises][lab_data]") {
    auto refused = [](json lab, const std::string& field) {
        lab["id"] = "checked-lab-bad";
        try {
            tlab::lab_from_document(lab);
        } catch (const tlab::LabFormatError& e) {
            CHECK(std::string(e.what()).rfind(field, 0) == 0);
            return;
        }
        FAIL("accepted: " << field);
    };
    json lab = checked_lab();
    lab["exercises"][1]["id"] = "big";
    refused(lab, "lab.exercises[1].id");
    lab = checked_lab();
    lab["exercises"][0]["answer"] = "essay";
    refused(lab, "lab.exercises[0].answer");
    lab = checked_lab();
    lab["exercises"][5]["check"] = "True";
    refused(lab, "lab.exercises[5].check");
    lab = checked_lab();
    lab["exercises"][0].erase("check");
    refused(lab, "lab.exercises[0].check");
    lab = checked_lab();
    lab["exercises"][0]["step"] = 3;
    refused(lab, "lab.exercises[0].step");
    lab = checked_lab();
    lab.erase("checks");
    refused(lab, "lab.exercises[0].check");

    for (const json& answers : {json("3"), json({{"why", "because"}}), json({{"nope", "1"}}), json({{"count", 3}}),
                                json({{"count", std::string(201, '9')}})}) {
        const json r = ask({{"step", 1}, {"answers", answers}});
        CHECK(r["ok"] == false);
        CHECK(r["error"]["field"].get<std::string>().rfind("answers", 0) == 0);
    }
}
