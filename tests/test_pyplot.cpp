// The kernel's matplotlib against Debian's matplotlib 3.6 (golden pyplot_cases.json, written by
// tests/oracle/gen_pyplot_cases.py): colour resolution, the programs' outputs cell by cell (streams,
// errors, reprs, Jupyter's displays and the figure JSON field by field, limits and ticks
// included) and scripts; and ch3-lab2's chart in the page's format.
#include <regex>
#include <set>
#include <string>

#include <catch2/catch.hpp>

#include "python/mpl.hpp"
#include "python/pyformat.hpp"
#include "test_support.hpp"
#include "tlab/api.hpp"
#include "tlab/python.hpp"

namespace {

using nlohmann::json;
using namespace tlab;

const json& golden() {
    static const json g = tlab_test::read_json("golden/pyplot_cases.json");
    return g;
}

class NullSink : public OutputSink {
public:
    void write_stdout(const std::string&) override {}
    void write_stderr(const std::string&) override {}
    void display(const std::map<std::string, std::string>&, bool) override {}
};

Value to_value(const json& j) {
    if (j.is_string()) return make_str(j.get<std::string>());
    if (j.is_boolean()) return Value::boolean(j.get<bool>());
    if (j.is_number_integer()) return Value::integer(j.get<std::int64_t>());
    if (j.is_number_float()) return Value::floating(j.get<double>());
    std::vector<Value> items;
    for (const json& x : j) items.push_back(to_value(x));
    return make_tuple(std::move(items));
}

std::string normalize(std::string s) {
    static const std::regex address(R"(\b0x[0-9a-f]+)");
    return std::regex_replace(s, address, "0x?");
}

// The oracle's split_cells: cells at lines "# %%", each without its trailing blank lines.
std::vector<std::string> split_cells(const std::string& text) {
    std::vector<std::vector<std::string>> chunks(1);
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        const std::string line = text.substr(start, end - start);
        if (line == "# %%") chunks.emplace_back();
        else chunks.back().push_back(line);
        start = end + 1;
    }
    std::vector<std::string> cells;
    for (std::size_t k = 0; k < chunks.size(); ++k) {
        auto& lines = chunks[k];
        while (!lines.empty() && lines.back().find_first_not_of(" \t") == std::string::npos) lines.pop_back();
        if (k == 0 && lines.empty()) continue;
        std::string cell;
        for (std::size_t i = 0; i < lines.size(); ++i) cell += (i ? "\n" : "") + lines[i];
        cells.push_back(cell);
    }
    return cells;
}

void compare_json(const json& want, const json& got, const std::string& path) {
    INFO(path << "\n  matplotlib: " << want.dump() << "\n  kernel:     " << got.dump());
    if (want.is_object()) {
        REQUIRE(got.is_object());
        for (auto it = want.begin(); it != want.end(); ++it) {
            REQUIRE(got.contains(it.key()));
            compare_json(it.value(), got[it.key()], path + "." + it.key());
        }
        CHECK(got.size() == want.size());
    } else if (want.is_array()) {
        REQUIRE(got.is_array());
        REQUIRE(got.size() == want.size());
        for (std::size_t k = 0; k < want.size(); ++k) compare_json(want[k], got[k], path + "[" + std::to_string(k) + "]");
    } else if (want.is_number()) {
        REQUIRE(got.is_number());
        CHECK(got.get<double>() == want.get<double>());
    } else {
        CHECK(got == want);
    }
}

void compare_outputs(const json& want, const json& got) {
    std::string kinds_want, kinds_got;
    for (const json& o : want) kinds_want += o["output_type"].get<std::string>() + " ";
    for (const json& o : got) kinds_got += o["output_type"].get<std::string>() + " ";
    INFO("outputs: matplotlib " << want.dump().substr(0, 3000) << "\n kernel " << normalize(got.dump()).substr(0, 3000));
    REQUIRE(kinds_got == kinds_want);
    for (std::size_t k = 0; k < want.size(); ++k) {
        const json& w = want[k];
        const json& g = got[k];
        const std::string kind = w["output_type"];
        if (kind == "stream") {
            CHECK(g["name"] == w["name"]);
            CHECK(normalize(g["text"].get<std::string>()) == w["text"].get<std::string>());
        } else if (kind == "error") {
            CHECK(g["ename"] == w["ename"]);
            CHECK(normalize(g["evalue"].get<std::string>()) == w["evalue"].get<std::string>());
            // (matplotlib's and NumPy's own frames included: mpl_frames.inc)
            std::vector<std::string> gl, wl;
            for (const json& l : g["traceback"]) gl.push_back(normalize(l.get<std::string>()));
            for (const json& l : w["traceback"]) wl.push_back(l.get<std::string>());
            CHECK(gl == wl);
        } else {
            const json& wd = w["data"];
            const json& gd = g["data"];
            CHECK(normalize(gd["text/plain"].get<std::string>()) == wd["text/plain"].get<std::string>());
            const std::string mime = "application/vnd.transformer-lab.figure+json";
            CHECK(gd.contains(mime) == wd.contains(mime));
            if (wd.contains(mime) && gd.contains(mime)) compare_json(wd[mime], gd[mime], "figure");
        }
    }
}

}  // namespace

TEST_CASE("matplotlib resolves colours", "[pyplot]") {
    NullSink sink;
    Interp in(sink);
    Interp::Use use(in);  // the values made here go on its heap, and are freed with it
    for (const json& c : golden()["colors"]) {
        INFO("colour " << c["in"].dump());
        Value v = to_value(c["in"]);
        try {
            const std::string hex = to_hex(to_rgba(in, v));
            REQUIRE(c.contains("hex"));
            CHECK(hex == c["hex"].get<std::string>());
        } catch (PyException& e) {
            REQUIRE(c.contains("error"));
            CHECK(in.str(e.exc) == c["error"].get<std::string>());
        }
    }
}

TEST_CASE("plotting programs print and show what Jupyter records", "[pyplot]") {
    for (const json& p : golden()["programs"]) {
        const std::string name = p["name"];
        SECTION(name) {
            const std::vector<std::string> cells = split_cells(p["source"].get<std::string>());
            REQUIRE(cells.size() == p["cells"].size());
            Notebook nb;
            for (std::size_t i = 0; i < cells.size(); ++i) {
                INFO("program " << name << ", cell " << i + 1 << ":\n" << cells[i]);
                CellResult r = nb.run(cells, i);
                const json& want = p["cells"][i];
                CHECK(r.status == want["status"].get<std::string>());
                compare_outputs(want["outputs"], r.outputs);
            }
        }
    }
}

TEST_CASE("plotting scripts print what python3 prints", "[pyplot]") {
    for (const json& s : golden()["scripts"]) {
        const std::string name = s["name"];
        SECTION(name) {
            ScriptResult r = run_script(s["source"].get<std::string>(), "prog.py");
            CHECK(normalize(r.out) == s["stdout"].get<std::string>());
            CHECK(r.exit_code == s["exit"].get<int>());
            CHECK(normalize(r.err) == s["stderr"].get<std::string>());
        }
    }
}

TEST_CASE("ch3-lab2's chart: the kernel's bars in the page's chart format", "[pyplot]") {
    // The lab's steps 2 and 3 at its textbook values, after the imports of its step 1.
    const json step2 = json::parse(handle_request_text(R"({"lab": "ch3-lab2", "step": 2})"));
    const json step3 = json::parse(handle_request_text(R"({"lab": "ch3-lab2", "step": 3})"));
    Notebook nb;
    const std::vector<std::string> cells = {"import numpy as np\nimport pandas as pd\n", step2["source"].get<std::string>(),
                                            step3["source"].get<std::string>()};
    CellResult r = nb.run(cells, 2);
    REQUIRE(r.status == "ok");
    REQUIRE(r.outputs.size() == 1);
    const json& data = r.outputs[0]["data"];
    CHECK(data["text/plain"] == "<Figure size 700x320 with 1 Axes>");
    const json chart = data.at("application/vnd.transformer-lab.chart+json");
    const json figure = data.at("application/vnd.transformer-lab.figure+json");
    CHECK(chart["kind"] == "bar");
    CHECK(chart["title"] == "d_k = 64 에서 √d_k 로 나누기 전과 후");
    CHECK(chart["xlabel"] == "Key 낱말 번호");
    CHECK(chart["ylabel"] == "softmax 비율");
    REQUIRE(chart["series"].size() == 2);
    const json& bars = figure["axes"][0]["bars"];
    REQUIRE(bars.size() == 2);
    for (std::size_t k = 0; k < 2; ++k) {
        // The chart's series are the figure's bar containers.
        CHECK(chart["series"][k]["label"] == bars[k]["label"]);
        CHECK(chart["series"][k]["color"] == bars[k]["color"]);
        CHECK(chart["series"][k]["values"] == bars[k]["height"]);
    }
    CHECK(chart["series"][0]["color"] == "#264653");
    CHECK(chart["series"][1]["color"] == "#e9c46a");
    // The seed page's description: before, word 4 alone reaches 1.0; after, it keeps 0.491.
    const json& before = chart["series"][0]["values"];
    const json& after = chart["series"][1]["values"];
    REQUIRE(before.size() == 8);
    CHECK(before[4].get<double>() == Approx(1.0).margin(5e-4));
    CHECK(after[4].get<double>() == Approx(0.491).margin(5e-4));
    CHECK(after[2].get<double>() == Approx(0.153).margin(5e-4));
}
