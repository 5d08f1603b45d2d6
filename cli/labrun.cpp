// labrun — the core's JSON API on the command line.
//
//   echo '{"lab": "ch1-lab2", "step": 1}' | labrun      one request on stdin, the response on stdout
//   labrun --list                                      the labs, their steps and params
//   labrun --print ch3-lab2                            every step's code and printed output, as text
//   labrun --check-lab labs/ch3-lab2                   reads and checks a lab folder (selectors,
//                                                      derived texts, textbook values); prints its
//                                                      document, or names the file and field wrong
//   labrun --python FILE.py                            runs FILE as `python3 FILE.py` would: its
//                                                      stdout, and CPython's traceback on stderr
//   labrun --notebook FILE.py                          FILE's cells (split at lines "# %%") run as
//                                                      Jupyter would; prints {"cells": [...]}, each
//                                                      {"status", "outputs" (nbformat), "variables"}
//   labrun --progress < request.json                   the same, plus a progress line on stderr
//                                                      for each block of a long step, e.g.
//     {"done":0.73,"d_k":256,"d_k_index":4,"d_k_count":4,"rows_done":65536,"rows":1000000}
//
// The labs are the folders of $TLAB_LABS, else of the source tree's labs/. TLAB_NUMPY_CPU=baseline
// computes float64 exp, log and power as NumPy does on a CPU without AVX512_SKX (tlab/npmath.hpp);
// the default, avx512_skx, is what the page computes.
//
// Exit status: 0 when the response is ok (even if the lesson code raised: that is an error
// output), 2 when the request is invalid. --python: 0, 1 for an uncaught exception or syntax
// error, 3 for code outside the kernel's subset (UnsupportedInLab, the last line on stderr).
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tlab/api.hpp"
#include "tlab/lab_files.hpp"
#include "tlab/labs.hpp"
#include "tlab/npmath.hpp"
#include "tlab/python.hpp"

namespace {

int print_lab(const std::string& id) {
    const tlab::LabSpec* lab = tlab::find_lab(id);
    if (lab == nullptr) {
        std::cerr << "labrun: unknown lab " << id << "\n";
        return 2;
    }
    for (const tlab::StepSpec& step : lab->steps) {
        const nlohmann::json r = tlab::handle_request({{"lab", id}, {"step", step.number}});
        std::cout << "── " << id << " · " << step.number << ". " << step.title_ko << " ──\n"
                  << r["source"].get<std::string>() << "\n── output ──\n";
        for (const auto& out : r["outputs"]) {
            const std::string type = out["output_type"];
            if (type == "stream") std::cout << out["text"].get<std::string>();
            else if (type == "error")
                std::cout << out["ename"].get<std::string>() << ": "
                          << out["evalue"].get<std::string>() << "\n";
            else std::cout << out["data"]["text/plain"].get<std::string>() << "\n";
        }
        std::cout << "\n";
    }
    return 0;
}

bool read_file(const char* path, std::string& out) {
    std::ifstream f(path, std::ios::binary);
    if (!f) {
        std::cerr << "labrun: cannot read " << path << "\n";
        return false;
    }
    out.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
    return true;
}

int run_python(const char* path) {
    std::string source;
    if (!read_file(path, source)) return 2;
    // Python 3.11 names the main script by its absolute path in tracebacks and warnings.
    std::string name = path;
    if (!name.empty() && name[0] != '/') {
        char cwd[4096];
        if (getcwd(cwd, sizeof cwd) != nullptr) name = std::string(cwd) + "/" + name;
    }
    const tlab::ScriptResult r = tlab::run_script(source, name);
    std::cout << r.out << std::flush;
    std::cerr << r.err << std::flush;
    return r.exit_code;
}

// Cells of a percent-format file: split at lines that are exactly "# %%"; text before the first
// marker is a cell only when it is not blank.
std::vector<std::string> split_cells(const std::string& text) {
    std::vector<std::string> cells;
    std::string current;
    bool started = false;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        const bool last = end == std::string::npos;
        if (last) end = text.size();
        std::string line = text.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line == "# %%") {
            if (started || current.find_first_not_of(" \t\r\n") != std::string::npos) cells.push_back(current);
            current.clear();
            started = true;
        } else {
            current += text.substr(start, end - start);
            if (!last) current += "\n";
        }
        if (last) break;
        start = end + 1;
    }
    if (started || current.find_first_not_of(" \t\r\n") != std::string::npos) cells.push_back(current);
    return cells;
}

int run_notebook(const char* path) {
    std::string text;
    if (!read_file(path, text)) return 2;
    const std::vector<std::string> cells = split_cells(text);
    tlab::Notebook nb;
    nlohmann::json out = nlohmann::json::array();
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const tlab::CellResult r = nb.run(cells, i);
        nlohmann::json cell = {{"status", r.status}, {"outputs", r.outputs}, {"variables", r.variables}};
        if (r.not_run_because >= 0) cell["not_run_because"] = r.not_run_because + 1;
        out.push_back(cell);
    }
    std::cout << nlohmann::json{{"cells", out}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    return 0;
}

int check_lab(const char* dir) {
    try {
        const nlohmann::json doc = tlab::read_lab_folder(dir);
        tlab::lab_from_document(doc, /*check=*/true);
        std::cout << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
        return 0;
    } catch (const tlab::LabFormatError& e) {
        std::cerr << "labrun: " << e.what() << "\n";
        return 2;
    }
}

}  // namespace

int main(int argc, char** argv) {
    const std::string arg = argc > 1 ? argv[1] : "";
    if (const char* cpu = std::getenv("TLAB_NUMPY_CPU"); cpu != nullptr && *cpu != '\0') {
        const std::string name = cpu;
        if (name != "baseline" && name != "avx512_skx") {
            std::cerr << "labrun: TLAB_NUMPY_CPU must be avx512_skx (the default) or baseline, not " << name << "\n";
            return 2;
        }
        tlab::set_numpy_cpu(name == "baseline" ? tlab::NumpyCpu::baseline : tlab::NumpyCpu::avx512_skx);
    }
    if (arg == "--check-lab" && argc == 3) return check_lab(argv[2]);
    if (arg != "--python" && arg != "--notebook") {
        try {
            tlab::register_lab_folders(tlab::default_labs_dir());
        } catch (const tlab::LabFormatError& e) {
            std::cerr << "labrun: " << e.what() << "\n";
            return 2;
        }
    }
    if (arg == "--print" && argc == 3) return print_lab(argv[2]);
    if (arg == "--python" && argc == 3) return run_python(argv[2]);
    if (arg == "--notebook" && argc == 3) return run_notebook(argv[2]);
    std::string request;
    tlab::ProgressFn progress;
    if (arg == "--list") {
        request = R"({"list": true})";
    } else if (argc == 1 || (argc == 2 && arg == "--progress")) {
        request.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
        if (argc == 2) progress = [](const tlab::Progress& p) {
            std::cerr << tlab::progress_json(p) << std::endl;
            return true;
        };
    } else {
        std::cerr << "usage: labrun [--progress] < request.json | labrun --list | labrun --print LAB\n"
                     "       labrun --python FILE.py | labrun --notebook FILE.py | labrun --check-lab DIR\n";
        return 2;
    }
    const std::string response = tlab::handle_request_text(request, progress);
    std::cout << response << "\n";
    return nlohmann::json::parse(response)["ok"] == true ? 0 : 2;
}
