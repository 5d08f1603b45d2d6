// The JSON contract: responses, effective params, listing, and errors that name their field.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

#include "test_support.hpp"
#include "tlab/api.hpp"
#include "tlab/lab_files.hpp"

using nlohmann::json;

namespace {

json call(const std::string& text) { return json::parse(tlab::handle_request_text(text)); }

std::string error_field(const std::string& text) {
    const json r = call(text);
    REQUIRE(r["ok"] == false);
    CHECK(!r["error"]["message"].get<std::string>().empty());
    CHECK(!r["error"]["message_ko"].get<std::string>().empty());
    return r["error"]["field"];
}

}  // namespace

TEST_CASE("a valid request answers with code, effective params and outputs", "[api]") {
    const json r = call(R"({"lab": "ch1-lab2", "step": 3, "params": {"z": [1, 2.5]}})");
    REQUIRE(r["ok"] == true);
    CHECK(r["lab"] == "ch1-lab2");
    CHECK(r["step"] == 3);
    CHECK(r["params"]["z"] == json::parse("[1.0, 2.5]"));
    CHECK(r["params"]["A"] == json::parse("[[1, 2, 3], [4, 5, 6]]"));  // textbook default
    CHECK(r["prelude"] == "import numpy as np\n");
    CHECK(r["source"].get<std::string>().find("z = np.array([1.0, 2.5])") != std::string::npos);
    CHECK(r["outputs"][0]["output_type"] == "stream");
    CHECK(r["outputs"][0]["name"] == "stdout");
}

TEST_CASE("JSON integers make int64 arrays, any fraction makes float64", "[api]") {
    CHECK(call(R"({"lab": "ch1-lab2", "step": 3, "params": {"z": [3, 1]}})")["outputs"][0]["text"]
              .get<std::string>()
              .rfind("점수 z     : [3 1]\n", 0) == 0);
    CHECK(call(R"({"lab": "ch1-lab2", "step": 3, "params": {"z": [3.0, 1]}})")["outputs"][0]["text"]
              .get<std::string>()
              .rfind("점수 z     : [3. 1.]\n", 0) == 0);
}

TEST_CASE("invalid requests name the field that caused them", "[api]") {
    CHECK(error_field("{not json") == "");
    CHECK(error_field("[1, 2]") == "");
    CHECK(error_field(R"({"lab": "ch9-lab1", "step": 1})") == "lab");
    CHECK(error_field(R"({"step": 1})") == "lab");
    CHECK(error_field(R"({"lab": "ch1-lab2", "step": 4})") == "step");
    CHECK(error_field(R"({"lab": "ch1-lab2", "step": "1"})") == "step");
    CHECK(error_field(R"({"lab": "ch1-lab2", "step": 1, "extra": 1})") == "extra");
    CHECK(error_field(R"({"lab": "ch1-lab2", "step": 1, "params": []})") == "params");
    CHECK(error_field(R"({"lab": "ch1-lab2", "step": 1, "params": {"C": 1}})") == "params.C");
    CHECK(error_field(R"({"lab": "ch1-lab2", "step": 1, "params": {"A": [[1, 2], [3]]}})") ==
          "params.A[1]");
    CHECK(error_field(R"({"lab": "ch1-lab2", "step": 1, "params": {"A": [[1, "x"]]}})") ==
          "params.A[0][1]");
    CHECK(error_field(R"({"lab": "ch1-lab2", "step": 1, "params": {"A": []}})") == "params.A");
    CHECK(error_field(R"({"lab": "ch1-lab2", "step": 1, "params": {"A": [[1,2,3,4,5,6,7,8,9]]}})") ==
          "params.A[0]");
    CHECK(error_field(R"({"lab": "ch1-lab2", "step": 2, "params": {"u": [1e16]}})") == "params.u[0]");
    CHECK(error_field(R"({"lab": "ch1-lab2", "step": 2, "params": {"u": [true]}})") == "params.u[0]");
    CHECK(error_field(R"({"lab": "ch3-lab2", "step": 1, "params": {"sweep_seed": -1}})") ==
          "params.sweep_seed");
    CHECK(error_field(R"({"lab": "ch3-lab2", "step": 1, "params": {"sweep_seed": 4294967296}})") ==
          "params.sweep_seed");
    CHECK(error_field(R"({"lab": "ch3-lab2", "step": 1, "params": {"n_pairs": 2.5}})") ==
          "params.n_pairs");
    CHECK(error_field(R"({"lab": "ch3-lab2", "step": 1, "params": {"d_k_values": [4, 0]}})") ==
          "params.d_k_values[1]");
    CHECK(error_field(R"({"lab": "ch3-lab2", "step": 1, "params": {"d_k_values": [1,2,3,4,5,6,7,8,9]}})") ==
          "params.d_k_values");
    CHECK(error_field(R"({"lab": "ch3-lab2", "step": 2, "params": {"n_keys": 61}})") ==
          "params.n_keys");
    CHECK(error_field(R"~({"lab": "ch1-lab2", "step": 1, "code": "print(1)"})~") == "code");
    CHECK(error_field(R"~({"lab": "ch1-lab2", "step": 1, "code": {"4": "print(1)"}})~") == "code.4");
    CHECK(error_field(R"~({"lab": "ch1-lab2", "step": 1, "code": {"01": "print(1)"}})~") == "code.01");
    CHECK(error_field(R"~({"lab": "ch1-lab2", "step": 1, "code": {"1": ["print(1)"]}})~") == "code.1");
}

TEST_CASE("list describes every lab, step and param", "[api]") {
    const json r = call(R"({"list": true})");
    REQUIRE(r["ok"] == true);
    // Every folder of labs/ (or $TLAB_LABS) with a lab.json, in name order, a new lab included;
    // then any lab a test registered (test_exercises.cpp's "checked-lab").
    std::vector<std::string> folders;
    for (const auto& entry : std::filesystem::directory_iterator(tlab::default_labs_dir())) {
        if (std::filesystem::exists(entry.path() / "lab.json")) folders.push_back(entry.path().filename().string());
    }
    std::sort(folders.begin(), folders.end());
    std::vector<std::string> ids;
    for (const auto& lab : r["labs"]) ids.push_back(lab["id"]);
    REQUIRE(ids.size() >= folders.size());
    CHECK(std::vector<std::string>(ids.begin(), ids.begin() + static_cast<std::ptrdiff_t>(folders.size())) == folders);
    const auto lab = [&](const std::string& id) -> const json& {
        const auto at = std::find(ids.begin(), ids.end(), id);
        REQUIRE(at != ids.end());
        return r["labs"][static_cast<std::size_t>(at - ids.begin())];
    };
    const json& ch3 = lab("ch3-lab2");
    CHECK(ch3["id"] == "ch3-lab2");
    CHECK(ch3["document"]["steps"][0]["code"].get<std::string>().rfind("import numpy as np\n", 0) == 0);
    CHECK(ch3["steps"].size() == 3);
    bool found = false;
    for (const auto& p : ch3["params"]) {
        if (p["name"] != "d_k_values") continue;
        found = true;
        CHECK(p["kind"] == "int_list");
        CHECK(p["textbook"] == json::parse("[4, 16, 64, 256]"));
        CHECK(p["min"] == 1);
        CHECK(p["max"] == 8192);
        CHECK(p["max_len"] == 8);
    }
    CHECK(found);
    const json& causal = lab("ch3-lab3")["params"][3];
    CHECK(causal["kind"] == "boolean");
    CHECK(causal["textbook"] == true);
    CHECK_FALSE(causal.contains("min"));
}

TEST_CASE("the lesson code raising is still an ok response", "[api]") {
    const json r = call(R"({"lab": "ch1-lab2", "step": 2, "params": {"v": [4, 5]}})");
    REQUIRE(r["ok"] == true);
    CHECK(r["outputs"].back()["output_type"] == "error");
    CHECK(r["outputs"].back()["evalue"] == "shapes (3,) and (2,) not aligned: 3 (dim 0) != 2 (dim 0)");
}

TEST_CASE("a long step reports its progress, and the answer is the same with or without it",
          "[api][progress]") {
    const std::string request =
        R"({"lab": "ch3-lab2", "step": 1, "params": {"n_pairs": 3000, "d_k_values": [3, 700, 5]}})";
    std::vector<json> reports;
    const std::string with = tlab::handle_request_text(request, [&](const tlab::Progress& p) {
        reports.push_back(json::parse(tlab::progress_json(p)));
        return true;
    });
    CHECK(with == tlab::handle_request_text(request));
    // A report at each pass of the outermost loop, and between the blocks of d_k 700's
    // 2.1 million normals (drawn lazily, then streamed into the row sums in blocks).
    REQUIRE(reports.size() >= 3);
    double last = 0;
    std::vector<std::string> labels;
    for (const json& p : reports) {
        CHECK(p["done"].get<double>() >= last);
        CHECK(p["done"].get<double>() <= 1.0);
        last = p["done"].get<double>();
        if (labels.empty() || labels.back() != p["label"]) labels.push_back(p["label"]);
    }
    // The outermost loop's variable, its value as Python prints it, and the pass of the count.
    CHECK(labels == std::vector<std::string>{"d_k = 3 (1/3)", "d_k = 700 (2/3)", "d_k = 5 (3/3)"});
    // Quick steps need no reports.
    bool called = false;
    tlab::handle_request_text(R"({"lab": "ch3-lab2", "step": 2})", [&](const tlab::Progress&) {
        return called = true;
    });
    CHECK_FALSE(called);
}

TEST_CASE("a progress label names the loop's variable when it holds a number, and the pass",
          "[api][progress]") {
    const auto labels = [](const std::string& code) {
        std::vector<std::string> seen;
        tlab::handle_request(json{{"cells", {code}}}, [&](const tlab::Progress& p) {
            if (seen.empty() || seen.back() != p.label) seen.push_back(p.label);
            return true;
        });
        return seen;
    };
    using L = std::vector<std::string>;
    CHECK(labels("for x in [0.5, 2]:\n    pass") == L{"x = 0.5 (1/2)", "x = 2 (2/2)"});
    CHECK(labels("for a, b in [(1, 2), (3, 4)]:\n    pass") == L{"1/2", "2/2"});
    CHECK(labels("for w in ['a', 'b']:\n    pass") == L{"1/2", "2/2"});
    CHECK(labels("for i in iter(range(2)):\n    pass") == L{"i = 0", "i = 1"});
    // An inner loop is not the cell's outermost one.
    CHECK(labels("def f():\n    for j in range(2):\n        pass\nf()") == L{});
}

TEST_CASE("a progress callback that returns false cancels the run with an error value",
          "[api][progress]") {
    int calls = 0;
    const json r = json::parse(tlab::handle_request_text(
        R"({"lab": "ch3-lab2", "step": 1, "params": {"n_pairs": 3000, "d_k_values": [700]}})",
        [&](const tlab::Progress&) { return ++calls < 2; }));
    CHECK(calls == 2);
    REQUIRE(r["ok"] == false);
    CHECK(r["error"]["field"] == "");
    CHECK(r["error"]["message"] == "the run was cancelled");
    CHECK(r["error"]["message_ko"] == "실행을 취소했습니다");
}

TEST_CASE("a learner's code replaces a step's, and later steps see what it made", "[api][code]") {
    // The edited step runs instead of the textbook's: its source comes back as given, with the
    // literals the lab's selectors still find in it (none here: test_labs.cpp has some); a name
    // only the textbook's code bound is not there (NameError, as in Jupyter).
    const json mine = call(R"~({"lab": "ch1-lab2", "step": 1, "code": {"1": "print(A.shape)"}})~");
    REQUIRE(mine["ok"] == true);
    CHECK(mine["edited"] == true);
    CHECK(mine["source"] == "print(A.shape)");
    CHECK(mine["literals"].empty());
    CHECK(mine["status"] == "error");
    CHECK(mine["outputs"].back()["ename"] == "NameError");
    CHECK(mine["outputs"].back()["traceback"][1] == "  File \"<cell 2>\", line 1, in <module>");

    // ch3-lab2: step 3 draws the `before` and `after` step 2 made. With step 2 edited to skip
    // the division by sqrt(d_k), the two series are the same.
    const json textbook = call(R"({"lab": "ch3-lab2", "step": 2})");
    CHECK(textbook["edited"] == false);
    std::string code = textbook["source"];
    const std::string divided = "after = softmax(s / np.sqrt(d_k))";
    REQUIRE(code.find(divided) != std::string::npos);
    code.replace(code.find(divided), divided.size(), "after = softmax(s)");
    const json edited_step2 = {{"lab", "ch3-lab2"}, {"step", 3}, {"code", {{"2", code}}}};
    auto series = [](const json& r) {
        for (const json& o : r["outputs"]) {
            if (o.contains("data") && o["data"].contains("application/vnd.transformer-lab.chart+json"))
                return o["data"]["application/vnd.transformer-lab.chart+json"]["series"];
        }
        return json();
    };
    const json same = series(call(edited_step2.dump()));
    REQUIRE(same.size() == 2);
    CHECK(same[0]["values"] == same[1]["values"]);
    const json apart = series(call(R"({"lab": "ch3-lab2", "step": 3})"));
    REQUIRE(apart.size() == 2);
    CHECK(apart[0]["values"] != apart[1]["values"]);

    // Params still apply to the steps that are not edited.
    const json keys = call(R"~({"lab": "ch3-lab2", "step": 3, "params": {"n_keys": 3}, "code": {"3": "print(len(s))"}})~");
    REQUIRE(keys["ok"] == true);
    CHECK(keys["outputs"][0]["text"] == "3\n");
    // A step that reads what a failed step made is not run.
    CHECK(call(R"~({"lab": "ch3-lab2", "step": 3, "code": {"2": "before = 1 / 0"}})~")["status"] == "not-run");
}
