// Each lab's steps: code with the learner's values written in, outputs that follow them.
#include <catch2/catch.hpp>

#include "test_support.hpp"
#include "tlab/api.hpp"
#include "tlab/labs.hpp"
#include "tlab/npformat.hpp"

namespace {

tlab::Params with(const char* lab_id, std::initializer_list<std::pair<const char*, tlab::ParamValue>> changes) {
    tlab::Params p = tlab::textbook_params(*tlab::find_lab(lab_id));
    for (const auto& [name, value] : changes) p[name] = value;
    return p;
}

tlab::ParamValue array_value(tlab::NdArray a) {
    tlab::ParamValue v;
    v.array = std::move(a);
    return v;
}

std::string stream_text(const nlohmann::json& outputs, const std::string& name = "stdout") {
    std::string out;
    for (const auto& o : outputs)
        if (o["output_type"] == "stream" && o["name"] == name) out += o["text"].get<std::string>();
    return out;
}

}  // namespace

TEST_CASE("ch1-lab2 step 1: the shape rule", "[labs]") {
    const tlab::LabSpec& lab = *tlab::find_lab("ch1-lab2");
    SECTION("the code shows the matrices as aligned literals") {
        const auto run = tlab::run_step(lab, 1, tlab::textbook_params(lab));
        CHECK(run.prelude == "import numpy as np\n");
        CHECK(run.source.find("A = np.array([[1, 2, 3],\n              [4, 5, 6]])") !=
              std::string::npos);
        CHECK(run.source.find("print(\"결과 shape:\", C.shape, \"→ (2, 2)\")") != std::string::npos);
    }
    SECTION("a square A makes A @ A work, so nothing is caught") {
        const auto p = with("ch1-lab2", {{"A", array_value(tlab::NdArray::of_ints({3, 3}, {1, 0, 0, 0, 1, 0, 0, 0, 1}))}});
        const auto run = tlab::run_step(lab, 1, p);
        CHECK(stream_text(run.outputs) ==
              "A @ B =\n [[1 0]\n [0 1]\n [1 1]]\n결과 shape: (3, 2) → (3, 2)\n");
    }
    SECTION("A @ B that does not conform raises an uncaught ValueError") {
        const auto p = with("ch1-lab2", {{"B", array_value(tlab::NdArray::of_ints({2, 2}, {1, 0, 0, 1}))}});
        const auto run = tlab::run_step(lab, 1, p);
        REQUIRE(run.outputs.size() == 1);
        CHECK(run.outputs[0]["output_type"] == "error");
        CHECK(run.outputs[0]["ename"] == "ValueError");
        CHECK(run.outputs[0]["evalue"].get<std::string>().find("(size 2 is different from 3)") !=
              std::string::npos);
    }
}

TEST_CASE("ch1-lab2 step 2: dot products and their notes", "[labs]") {
    const tlab::LabSpec& lab = *tlab::find_lab("ch1-lab2");
    SECTION("vectors of different lengths raise before anything prints") {
        const auto p = with("ch1-lab2", {{"v", array_value(tlab::NdArray::of_ints({2}, {4, 5}))}});
        const auto run = tlab::run_step(lab, 2, p);
        REQUIRE(run.outputs.size() == 1);
        CHECK(run.outputs[0]["evalue"] == "shapes (3,) and (2,) not aligned: 3 (dim 0) != 2 (dim 0)");
    }
    SECTION("floats print as NumPy float64 and the note follows the values") {
        const auto p = with("ch1-lab2", {{"u", array_value(tlab::NdArray::of_floats({2}, {0.5, -1.0}))},
                                         {"v", array_value(tlab::NdArray::of_floats({2}, {2.0, 3.0}))}});
        const auto run = tlab::run_step(lab, 2, p);
        CHECK(stream_text(run.outputs) ==
              "u · v = -2.0 → 0.5×2.0 + (-1.0)×3.0 = -2.0\n"
              "u와 반대 방향 벡터(-u)의 내적 = -1.25 → 음수가 나옵니다\n");
    }
    SECTION("a zero vector gets an honest note") {
        const auto p = with("ch1-lab2", {{"u", array_value(tlab::NdArray::of_ints({3}, {0, 0, 0}))}});
        const auto run = tlab::run_step(lab, 2, p);
        CHECK(stream_text(run.outputs).find("= 0 → 0 이 나옵니다") != std::string::npos);
    }
}

TEST_CASE("ch1-lab2 step 3: softmax of integer scores", "[labs]") {
    const tlab::LabSpec& lab = *tlab::find_lab("ch1-lab2");
    const auto p = with("ch1-lab2", {{"z", array_value(tlab::NdArray::of_ints({2}, {1, 1}))}});
    const auto run = tlab::run_step(lab, 3, p);
    CHECK(run.source.find("z = np.array([1, 1])") != std::string::npos);
    CHECK(stream_text(run.outputs) ==
          "점수 z     : [1 1]\ne^z        : [2.72 2.72]\n확률 p     : [0.5 0.5]\n확률의 합  : 1.0\n");
}

// golden/warning_cases.json is what NumPy 1.24 prints (tests/oracle/gen_warning_cases.py runs the
// cell as Jupyter does, under the core's placeholder file name), stdout and stderr.
TEST_CASE("ch1-lab2 step 3: NumPy's overflow warnings on stderr", "[labs]") {
    const auto golden = tlab_test::read_json("golden/warning_cases.json");
    REQUIRE(golden["cases"].size() >= 5);
    int warned = 0;
    for (const auto& c : golden["cases"]) {
        INFO("z = " << c["z"].dump());
        const auto r = tlab::handle_request({{"lab", "ch1-lab2"}, {"step", 3}, {"params", {{"z", c["z"]}}}});
        REQUIRE(r["ok"] == true);
        const auto& outputs = r["outputs"];
        CHECK(stream_text(outputs) == c["stdout"].get<std::string>());
        CHECK(stream_text(outputs, "stderr") == c["stderr"].get<std::string>());
        if (c["stderr"] == "") {
            CHECK(outputs.size() == 1);
            continue;
        }
        ++warned;
        // Jupyter sends a fast cell's buffered stdout first, then its stderr, as two outputs.
        REQUIRE(outputs.size() == 2);
        CHECK(outputs[0]["name"] == "stdout");
        CHECK(outputs[1]["name"] == "stderr");
    }
    CHECK(warned >= 4);
}

TEST_CASE("ch3-lab2: params flow into the code and the outputs", "[labs]") {
    const tlab::LabSpec& lab = *tlab::find_lab("ch3-lab2");
    tlab::Params p = tlab::textbook_params(lab);
    p["d_k_values"].list = {1, 2};
    p["n_pairs"].integer = 3;
    p["sweep_seed"].integer = 4294967295;
    const auto sweep = tlab::run_step(lab, 1, p);
    CHECK(sweep.source.find("np.random.seed(4294967295)") != std::string::npos);
    CHECK(sweep.source.find("for d_k in [1, 2]:") != std::string::npos);
    CHECK(sweep.source.find("q = np.random.randn(3, d_k)") != std::string::npos);
    REQUIRE(!sweep.outputs.empty());
    REQUIRE(sweep.outputs[0].contains("data"));  // a const json's operator[] on a missing key is UB
    REQUIRE(sweep.outputs[0]["data"].contains("application/vnd.transformer-lab.table+json"));
    const auto& table = sweep.outputs[0]["data"]["application/vnd.transformer-lab.table+json"];
    CHECK(table["rows"].size() == 2);
    CHECK(table["columns"][1] == "√d_k");

    p["n_keys"].integer = 1;
    const auto cmp = tlab::run_step(lab, 2, p);
    CHECK(cmp.source.find("keys = np.random.randn(1, d_k)") != std::string::npos);
    // One key takes all of the weight, before and after.
    CHECK(stream_text(cmp.outputs) == "가장 큰 비율  나누기 전: 1.0  나눈 뒤: 1.0\n");

    // Step 3 draws step 2's softmax: one key, so one bar in each series.
    const auto chart = tlab::run_step(lab, 3, p);
    CHECK(chart.prelude.empty());
    REQUIRE(chart.status == "ok");
    REQUIRE(chart.outputs.size() == 1);
    const auto& drawn = chart.outputs[0]["data"]["application/vnd.transformer-lab.chart+json"];
    REQUIRE(drawn["series"].size() == 2);
    CHECK(drawn["series"][0]["values"].size() == 1);
}

TEST_CASE("the response locates every param's literal in the code", "[labs]") {
    for (const char* id : {"ch1-lab2", "ch3-lab2"}) {
        const tlab::LabSpec& lab = *tlab::find_lab(id);
        const tlab::Params p = tlab::textbook_params(lab);
        for (const auto& step : lab.steps) {
            const auto run = tlab::run_step(lab, step.number, p);
            INFO(id << " step " << step.number);
            CHECK(run.source.find('\x01') == std::string::npos);
            CHECK(run.prelude.find('\x01') == std::string::npos);
            for (const auto& span : run.literals) {
                // The spans are UTF-16 offsets; these sources are ASCII up to each literal only
                // when no Korean precedes it, so compare through a UTF-16 copy.
                std::u16string wide;
                for (std::size_t k = 0; k < run.source.size();) {
                    const unsigned char c = static_cast<unsigned char>(run.source[k]);
                    const int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
                    wide += len == 4 ? u"\xD800\xDC00" : u"?";
                    if (len == 1) wide.back() = c;
                    k += static_cast<std::size_t>(len);
                }
                REQUIRE(span.end <= wide.size());
                const std::u16string text = wide.substr(span.start, span.end - span.start);
                const tlab::ParamSpec* spec = nullptr;
                for (const auto& ps : lab.params)
                    if (ps.name == span.param) spec = &ps;
                REQUIRE(spec != nullptr);
                const std::string ascii(text.begin(), text.end());
                if (spec->kind == tlab::ParamKind::integer)
                    CHECK(ascii == std::to_string(p.at(span.param).integer));
                else if (spec->kind == tlab::ParamKind::int_list)
                    CHECK(ascii == tlab::py_int_list(p.at(span.param).list));
                else
                    CHECK(ascii.rfind("np.array(", 0) == 0);
            }
        }
    }
    const tlab::LabSpec& ch3 = *tlab::find_lab("ch3-lab2");
    CHECK(tlab::run_step(ch3, 1, tlab::textbook_params(ch3)).literals.size() == 4);  // seed, d_k list, n twice
}

TEST_CASE("an edited step's literals: those the lab's selectors still find, in UTF-16 units", "[labs]") {
    const tlab::LabSpec& lab = *tlab::find_lab("ch3-lab2");
    const tlab::Params p = tlab::textbook_params(lab);
    // Korean before the seed (one UTF-16 unit per syllable, three UTF-8 bytes), a changed seed,
    // the loop's list kept: both chips are found where the page indexes the code.
    const std::string code = "# 한글\nimport numpy as np\nnp.random.seed(7)\nfor d_k in [4, 16]:\n    print(d_k)\n";
    const auto run = tlab::run_step(lab, 1, p, {}, {{1, code}});
    CHECK(run.status == "ok");
    REQUIRE(run.literals.size() == 2);
    CHECK(run.literals[0].param == "sweep_seed");
    const std::size_t seed_at = std::string("# 한글\nimport numpy as np\nnp.random.seed(").size() - 2 * 2;  // 한글: 6 bytes, 2 units
    CHECK(run.literals[0].start == seed_at);
    CHECK(run.literals[0].end == seed_at + 1);
    CHECK(run.literals[1].param == "d_k_values");
    CHECK(run.literals[1].end - run.literals[1].start == std::string("[4, 16]").size());
    // A literal turned into an expression, and code that does not parse: no chips.
    CHECK(tlab::edited_literals(lab, 1, "np.random.seed(6 + 1)\nfor d_k in range(3):\n    pass\n").empty());
    CHECK(tlab::edited_literals(lab, 1, "np.random.seed(7\n").empty());
    // Steps that run their own code keep the textbook literals; the response says which is which.
    const nlohmann::json r = tlab::handle_request(
        {{"lab", "ch3-lab2"}, {"step", 1}, {"code", {{"1", "import numpy as np\nnp.random.seed(3)\n"}}}});
    REQUIRE(r["literals"].size() == 1);
    CHECK(r["literals"][0] == nlohmann::json({{"param", "sweep_seed"}, {"start", 34}, {"end", 35}}));
}
