// The kernel's entry points (tlab/python.hpp) at the edges the differential test cannot reach:
// bytes that are not UTF-8 (the corpus is text) and bounds smaller than the defaults.
#include <catch2/catch.hpp>

#include "python/memory.hpp"
#include "tlab/python.hpp"

TEST_CASE("a file that is not UTF-8 stops as CPython's tokenizer stops it", "[kernel]") {
    // `python3 bad.py` on these bytes (Debian's 3.11) prints exactly this line and exits 1.
    const std::string source = "x = 1\ns = \"\xff\xfe\"\nprint(s)\n";
    const tlab::ScriptResult r = tlab::run_script(source, "bad.py");
    CHECK(r.exit_code == 1);
    CHECK(r.out.empty());
    CHECK(r.err ==
          "SyntaxError: Non-UTF-8 code starting with '\\xff' in file bad.py on line 2, but no encoding declared; "
          "see https://peps.python.org/pep-0263/ for details\n");
    // A lead byte whose sequence stops short is where it stops, too.
    CHECK(tlab::run_script("print('\xea\xb0')\n", "cut.py").err.find("'\\xea' in file cut.py on line 1") !=
          std::string::npos);
}

TEST_CASE("a notebook cell that is not UTF-8 is refused, and the answer is still JSON", "[kernel]") {
    tlab::Notebook nb;
    const tlab::CellResult r = nb.run({"s = '\xff'\nprint(s)\n"}, 0);
    CHECK(r.status == "unsupported");
    REQUIRE(r.outputs.size() == 1);
    CHECK(r.outputs[0]["ename"] == "UnsupportedInLab");
    CHECK_NOTHROW(r.outputs.dump());
}

TEST_CASE("smaller bounds stop a loop and refuse a big array", "[kernel]") {
    tlab::ScriptOptions options;
    options.limits.steps = 10'000;
    options.limits.data_bytes = 1 << 20;
    const tlab::ScriptResult loop = tlab::run_script("while True:\n    pass\n", "loop.py", options);
    CHECK(loop.exit_code == 3);
    CHECK(loop.err.rfind("StoppedInLab: ", 0) == 0);
    const tlab::ScriptResult big = tlab::run_script("import numpy as np\nnp.zeros(1_000_000)\n", "big.py", options);
    CHECK(big.exit_code == 1);
    CHECK(big.err.find("MemoryError: Unable to allocate 7.63 MiB for an array with shape (1000000,) and data type float64") !=
          std::string::npos);
    // A temporary past the cap (matmul's contiguous copies of its operands: NumPy would have the
    // memory) stops the run; it once escaped every handler (the Python fuzzer found it).
    const tlab::ScriptResult copies =
        tlab::run_script("import numpy as np\na = np.ones((240, 240))\nb = a @ a\nprint(b[0, 0])\n", "copies.py", options);
    CHECK(copies.exit_code == 3);
    CHECK(copies.out.empty());
    CHECK(copies.err == "StoppedInLab: the code needs more memory than the lab allows; the run was stopped\n");
    tlab::Notebook nb(tlab::KernelLimits{10'000, 0});
    CHECK(nb.run({"while True:\n    pass\n"}, 0).status == "stopped");
    // The memory cap bounds strings and lists too (a fuzzer's "a" * 10**8 took seconds each).
    for (const char* code : {"s = 'ab' * 2**20\n", "s = 'x'.ljust(2**21)\n", "s = '-'.join(['abc'] * 2**19)\n",
                             "s = [0] * 2**19\n"}) {
        INFO(code);
        const tlab::ScriptResult r = tlab::run_script(code, "cap.py", options);
        CHECK(r.exit_code == 1);
        CHECK(r.err.size() >= 12);
        CHECK(r.err.substr(r.err.size() - 12) == "MemoryError\n");
    }
    CHECK(tlab::run_script("s = 'ab' * 2**18\nt = [0] * 2**17\n", "fits.py", options).exit_code == 0);
}

TEST_CASE("notebooks side by side keep their own objects", "[kernel]") {
    // The API keeps a notebook per lab. Objects one makes must live on its own heap: the other's
    // collector would free them while the first still holds them (a use after free that ASan and
    // valgrind report, and that trapped the wasm after a few runs).
    tlab::Notebook first;
    tlab::Notebook second;
    const std::vector<std::string> a = {"words = [str(i) * 3 for i in range(200)]\nbox = {'w': words}",
                                        "print(len(box['w']), box['w'][-1])"};
    const std::vector<std::string> b = {"import numpy as np\nm = {k: np.arange(k) for k in range(50)}",
                                        "print(m[49].sum())"};
    for (int round = 0; round < 5; ++round) {
        const tlab::CellResult ra = first.run(a, 1);
        REQUIRE(ra.status == "ok");
        CHECK(ra.outputs[0]["text"] == "200 199199199\n");
        const tlab::CellResult rb = second.run(b, 1);
        REQUIRE(rb.status == "ok");
        CHECK(rb.outputs[0]["text"] == "1176\n");
    }
}

TEST_CASE("a cell runs without an earlier cell it does not depend on", "[kernel]") {
    // Cell 1 imports and then fails; cell 2 uses only the modules, so it runs (the imports of
    // cell 1 are replayed), and does not show "not run". Calling pd.DataFrame does not make
    // `pd` a value cell 2 reads from cell 1.
    tlab::Notebook nb;
    const std::vector<std::string> cells = {
        "import numpy as np\nimport pandas as pd\nrows = pd.DataFrame({'a': [1, 2]})\n1 / 0\n",
        "np.random.seed(3)\nprint(pd.Series([np.random.randint(10)]).tolist())\n",
        "print(rows.shape)\n"};
    const tlab::CellResult second = nb.run(cells, 1);
    CHECK(second.status == "ok");
    REQUIRE(second.outputs.size() == 1);
    CHECK(second.outputs[0]["text"] == "[8]\n");  // python3: np.random.seed(3); np.random.randint(10)
    // cell 3 reads what cell 1 made, and cell 1 raised
    CHECK(nb.run(cells, 2).status == "not-run");
}

TEST_CASE("a random draw shares nothing with its sizes: a later cell reading the size needs only its last binder", "[kernel]") {
    // ch3-lab2: step 1 draws q = np.random.randn(n, d_k) in a loop over d_k, step 2 binds d_k = 64
    // again, and step 3 reads d_k; step 3 must not wait for step 1's (possibly long) sweep.
    tlab::Notebook nb;
    const std::vector<std::string> cells = {
        "import numpy as np\nfor d_k in [4, 16]:\n    q = np.random.randn(3, d_k)\n",
        "np.random.seed(1)\nd_k = 64\nkeys = np.random.randn(2, d_k)\n",
        "print(d_k)\n",
        "print(q.shape)\n"};
    CHECK(nb.needs(cells, 2) == std::vector<std::size_t>{1});
    CHECK(nb.needs(cells, 3) == std::vector<std::size_t>{0});
    // A function that may hand back what it was given still ties the two together.
    const std::vector<std::string> view = {"import numpy as np\na = np.zeros(4)\n", "b = np.reshape(a, (2, 2))\n",
                                           "print(b)\n"};
    CHECK(nb.needs(view, 2) == std::vector<std::size_t>{0, 1});
}

TEST_CASE("a recursion through many nested blocks is refused, not a stack overflow", "[kernel]") {
    // Each Python level nests 40 ifs here: 1000 levels of that do not fit an 8 MB stack (labrun
    // segfaulted), so the stack's own end stops the recursion before the limit does; a
    // RecursionError there would end at another depth than CPython's, so the run is refused.
    std::string source = "def f(n):\n";
    std::string indent = "    ";
    for (int i = 0; i < 40; ++i, indent += "    ") source += indent + "if n >= 0:\n";
    source += indent + "return f(n + 1)\nf(0)\n";
    const tlab::ScriptResult r = tlab::run_script(source, "deep.py");
    CHECK(r.exit_code == 3);
    CHECK(r.err.find("UnsupportedInLab: line ") != std::string::npos);
    CHECK(r.err.find("recursion deeper than this engine's stack allows") != std::string::npos);
    // Ordinary recursion still meets the limit itself, with CPython's traceback.
    const tlab::ScriptResult plain = tlab::run_script("def f(n):\n    return f(n + 1)\nf(0)\n", "plain.py");
    CHECK(plain.err.find("[Previous line repeated 996 more times]") != std::string::npos);
}

TEST_CASE("a long list that fits on one line displays without overflowing the pretty printer", "[kernel]") {
    // IPython's pretty printer adds each flushed piece's column to the width, doubling it per
    // piece: 51 pieces overflowed an int (UBSan, found by the Python fuzzer). The text is what
    // IPython.lib.pretty.pretty([1] * 26) gives, and [1] * 40 breaks one item per line.
    tlab::Notebook nb;
    const tlab::CellResult one = nb.run({"[1] * 26"}, 0);
    REQUIRE(one.outputs.size() == 1);
    std::string want = "[1";
    for (int k = 1; k < 26; ++k) want += ", 1";
    CHECK(one.outputs[0]["data"]["text/plain"] == want + "]");
    const tlab::CellResult many = nb.run({"[1] * 40"}, 0);
    REQUIRE(many.outputs.size() == 1);
    CHECK(many.outputs[0]["data"]["text/plain"].get<std::string>().rfind("[1,\n 1,\n 1,", 0) == 0);
}

TEST_CASE("a product over an empty inner dimension is zeros, not a null copy", "[kernel]") {
    // keys (8, 0) @ q (0,) copied the empty operands' values into an empty vector: memcpy to its
    // null data() (UBSan, found by the Python fuzzer). The text is what Python with NumPy prints;
    // tests/edits/numpy_matmul_empty_inner.py checks more shapes against it.
    const tlab::ScriptResult r =
        tlab::run_script("import numpy as np\nprint(np.ones((8, 0)) @ np.ones(0))\n", "empty.py");
    CHECK(r.exit_code == 0);
    CHECK(r.out == "[0. 0. 0. 0. 0. 0. 0. 0.]\n");
    CHECK(r.err.empty());
}

TEST_CASE("a state nested deeper than a copy goes is run again, not copied", "[kernel]") {
    // Cell 1 nests a list 3000 deep. Its run keeps that namespace uncopied as the run's last
    // state; running cell 2 then copies it before changing anything, and the copy stops at its
    // depth limit. That refusal escaped the notebook (std::terminate, found by the Python fuzzer
    // under ASan): the notebook now forgets that state and runs cell 1 again. The texts are what
    // Python prints for these cells.
    tlab::Notebook nb;
    const std::vector<std::string> cells = {"a = []\nfor i in range(3000):\n    a = [a]\n",
                                            "print(len(a), type(a[0]).__name__)\n", "print(i)\n"};
    REQUIRE(nb.run(cells, 0).status == "ok");
    for (int round = 0; round < 2; ++round) {
        const tlab::CellResult second = nb.run(cells, 1);
        REQUIRE(second.status == "ok");
        CHECK(second.outputs[0]["text"] == "1 list\n");
        const tlab::CellResult third = nb.run(cells, 2);
        REQUIRE(third.status == "ok");
        CHECK(third.outputs[0]["text"] == "2999\n");
    }
}

#if !defined(__EMSCRIPTEN__)  // (the wasm build's bound is its memory itself: web/test/hostile.test.mjs)
TEST_CASE("code that grows without end is stopped at the memory budget, and the kernel goes on", "[kernel]") {
    // Python would grow these until the machine runs out (labrun reached 2 GB and aborted on
    // std::bad_alloc; in the page, the wasm memory's 256 MB). The kernel stops them at its budget
    // with a message, frees what they made, and the next run works.
    for (const char* source : {"x = []\nwhile True:\n    x.append(x)\n", "x = [1]\nwhile True:\n    x = x + x\n",
                               "s = 'a'\nwhile True:\n    s += s\n", "d = {}\ni = 0\nwhile True:\n    d[i] = i\n    i += 1\n"}) {
        const tlab::ScriptResult r = tlab::run_script(source, "grow.py");
        CHECK(r.exit_code == 3);
        CHECK(r.err.find("StoppedInLab: the code needs more memory than the lab allows") != std::string::npos);
    }
    tlab::Notebook nb;
    const std::vector<std::string> cells = {"import numpy as np\nv = np.arange(3)\n", "x = []\nwhile True:\n    x.append([0] * 100)\n",
                                            "print(v.sum())\n"};
    const std::size_t before = tlab::allocated_bytes();
    const tlab::CellResult grown = nb.run(cells, 1);
    CHECK(grown.status == "stopped");
    CHECK(grown.stopped_en.find("more memory than the lab allows") != std::string::npos);
    CHECK(tlab::allocated_bytes() < before + (std::size_t{16} << 20));  // what it made is freed
    const tlab::CellResult after = nb.run(cells, 2);
    REQUIRE(after.status == "ok");
    CHECK(after.outputs[0]["text"] == "3\n");
}
#endif
