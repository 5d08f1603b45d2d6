// A notebook cell as IPython hands it to the compiler (core/src/python/cell_input.cpp), against
// what IPython itself does to the same cells (golden cell_input_cases.json).
#include <string>

#include <catch2/catch.hpp>

#include "python/cell_input.hpp"
#include "python/parser.hpp"
#include "test_support.hpp"

using namespace tlab;
using nlohmann::json;

namespace {

int line_breaks(const std::string& s) {  // as CPython counts lines: \n, \r\n, \r
    int n = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '\n' || (s[i] == '\r' && (i + 1 == s.size() || s[i + 1] != '\n'))) ++n;
    }
    return n;
}

// Whether the core treats the golden case `c` as IPython does; counts the cells it refuses.
bool agrees(const json& c, int& refused) {
    const std::string cell = c["cell"];
    const CellInput in = ipython_cell_input(cell);
    if (in.cell_magic) {  // the whole cell is a magic: nothing is compiled
        ++refused;
        return c["transformed"].get<bool>();
    }
    if (in.code != c["cleaned"].get<std::string>() || in.dropped_lines != line_breaks(c["dropped"])) return false;
    const ParseResult r = parse_module(in.code, "<cell 1>", SourceKind::cell);
    if (r.module) return !c["transformed"].get<bool>();  // Python takes it, IPython has nothing to rewrite
    const auto u = ipython_only_syntax(in.code, *r.error);
    refused += u ? 1 : 0;
    if (!c["transformed"].get<bool>()) return !u;         // a plain SyntaxError, as in Jupyter
    if (c["compiles"].get<bool>()) return u.has_value();  // Jupyter runs a magic, a command or help
    return true;  // Jupyter reports a SyntaxError after rewriting: refusing is honest too
}

}  // namespace

TEST_CASE("cells are cleaned as IPython cleans them", "[cell_input]") {
    const json golden = tlab_test::read_json("golden/cell_input_cases.json");
    REQUIRE(golden["cases"].size() >= 50);
    int refused = 0;
    for (const json& c : golden["cases"]) {
        INFO(c.dump());
        CHECK(agrees(c, refused));
    }
    CHECK(refused >= 15);
}

TEST_CASE("the known differences from IPython still differ", "[cell_input]") {
    const json golden = tlab_test::read_json("golden/cell_input_cases.json");
    int refused = 0;
    for (const json& c : golden["known_differences"]) {
        INFO(c.dump());
        CHECK_FALSE(agrees(c, refused));
    }
}

TEST_CASE("what a refused cell names", "[cell_input]") {
    auto refusal = [](const std::string& cell) {
        const CellInput in = ipython_cell_input(cell);
        if (in.cell_magic) return in.cell_magic->what_en + " @" + std::to_string(in.cell_magic->line);
        const ParseResult r = parse_module(in.code, "<cell 1>", SourceKind::cell);
        REQUIRE(r.error.has_value());
        const auto u = ipython_only_syntax(in.code, *r.error);
        REQUIRE(u.has_value());
        return u->what_en + " @" + std::to_string(u->line + in.dropped_lines);
    };
    CHECK(refusal("x = 1\n%timeit f(x)\n") == "the IPython magic (%timeit f(x)) @2");
    CHECK(refusal("\n\n!pip install numpy") == "the shell command (!pip install numpy) @3");
    CHECK(refusal("files = !ls") == "the shell command (files = !ls) @1");
    CHECK(refusal("np.mean?") == "IPython's help (np.mean?) @1");
    CHECK(refusal("%%time\nx = 1\n") == "the cell magic (%%time) @1");
    CHECK(refusal("  %time x\n") == "the IPython magic (%time x) @1");
}
