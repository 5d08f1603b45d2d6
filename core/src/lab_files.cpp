// Lab folders into lab documents (tlab/lab_files.hpp).
#include "tlab/lab_files.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "tlab/labs.hpp"

namespace tlab {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string read_text(const fs::path& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw LabFormatError(path.string() + ": cannot be read");
    return std::string(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

}  // namespace

json read_lab_folder(const std::string& dir) {
    const fs::path folder(dir);
    const fs::path file = folder / "lab.json";
    json doc = json::parse(read_text(file), nullptr, /*allow_exceptions=*/false);
    if (doc.is_discarded()) throw LabFormatError(file.string() + ": not valid JSON");
    if (!doc.is_object()) throw LabFormatError(file.string() + ": an object");
    if (doc.contains("helpers")) throw LabFormatError(file.string() + ": helpers: the folder's helpers.py, not a field");
    if (doc.contains("checks")) throw LabFormatError(file.string() + ": checks: the folder's checks.py, not a field");
    if (doc.contains("steps") && doc["steps"].is_array()) {
        for (std::size_t k = 0; k < doc["steps"].size(); ++k) {
            json& step = doc["steps"][k];
            const fs::path code = folder / ("step" + std::to_string(k + 1) + ".py");
            if (!step.is_object()) continue;  // lab_from_document names it
            if (step.contains("code")) throw LabFormatError(file.string() + ": steps[" + std::to_string(k) + "].code: the folder's " + code.filename().string() + ", not a field");
            step["code"] = read_text(code);
        }
        const fs::path extra = folder / ("step" + std::to_string(doc["steps"].size() + 1) + ".py");
        if (fs::exists(extra)) throw LabFormatError(extra.string() + ": lab.json has no step for it");
    }
    if (fs::exists(folder / "helpers.py")) doc["helpers"] = read_text(folder / "helpers.py");
    if (fs::exists(folder / "checks.py")) doc["checks"] = read_text(folder / "checks.py");
    try {
        lab_from_document(doc, /*check=*/false);
    } catch (const LabFormatError& e) {
        throw LabFormatError(file.string() + ": " + e.what());
    }
    return doc;
}

std::vector<std::string> register_lab_folders(const std::string& labs_dir) {
    std::vector<fs::path> folders;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(labs_dir, ec)) {
        if (entry.is_directory() && fs::exists(entry.path() / "lab.json")) folders.push_back(entry.path());
    }
    if (ec) throw LabFormatError(labs_dir + ": " + ec.message());
    std::sort(folders.begin(), folders.end());
    std::vector<std::string> ids;
    for (const fs::path& folder : folders) {
        const json doc = read_lab_folder(folder.string());
        try {
            ids.push_back(register_lab(doc, /*check=*/true).id);
        } catch (const LabFormatError& e) {
            throw LabFormatError((folder / "lab.json").string() + ": " + e.what());
        }
        if (ids.back() != folder.filename().string())
            throw LabFormatError((folder / "lab.json").string() + ": id: \"" + ids.back() + "\", the folder's name");
    }
    return ids;
}

std::string default_labs_dir() {
    if (const char* env = std::getenv("TLAB_LABS")) return env;
    return TLAB_SOURCE_LABS_DIR;
}

}  // namespace tlab
