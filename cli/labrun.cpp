// labrun — the core's JSON API on the command line.
//
//   echo '{"lab": "ch1-lab2", "step": 1}' | labrun      one request on stdin, the response on stdout
//   labrun --list                                      the labs, their steps and params
//   labrun --print ch3-lab2                            every step's code and printed output, as text
//   labrun --progress < request.json                   the same, plus a progress line on stderr
//                                                      for each block of a long step, e.g.
//     {"done":0.73,"d_k":256,"d_k_index":4,"d_k_count":4,"rows_done":65536,"rows":1000000}
//
// Exit status: 0 when the response is ok (even if the lesson code raised: that is an error
// output), 2 when the request is invalid.
#include <iostream>
#include <iterator>
#include <string>

#include <nlohmann/json.hpp>

#include "tlab/api.hpp"
#include "tlab/labs.hpp"

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

}  // namespace

int main(int argc, char** argv) {
    const std::string arg = argc > 1 ? argv[1] : "";
    if (arg == "--print" && argc == 3) return print_lab(argv[2]);
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
        std::cerr << "usage: labrun [--progress] < request.json | labrun --list | labrun --print LAB\n";
        return 2;
    }
    const std::string response = tlab::handle_request_text(request, progress);
    std::cout << response << "\n";
    return nlohmann::json::parse(response)["ok"] == true ? 0 : 2;
}
