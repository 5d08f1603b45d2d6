// lab_files.hpp — reading lab folders (labs/<id>/) into lab documents; native builds only
// (labrun, the tests, the site's build). The page gets the documents from the build.
//
//   labs/ch1-lab2/lab.json      the lab: titles, params and their selectors, derived texts, visuals
//   labs/ch1-lab2/step1.py ...  each step's code, exactly as the learner sees it
//   labs/ch1-lab2/helpers.py    (optional) Python the derived texts call
//
//   nlohmann::json doc = tlab::read_lab_folder("labs/ch1-lab2");
//   doc["steps"][0]["code"] starts "# 곱할 두 행렬"; doc["helpers"] holds helpers.py
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tlab {

// lab.json with each step's "code" (stepN.py) and "helpers" (helpers.py) filled in.
// Throws LabFormatError naming the file and the field.
nlohmann::json read_lab_folder(const std::string& dir);

// Registers (tlab::register_lab, checked) every folder under `labs_dir` that has a lab.json, in
// the order of their names; returns their ids. Throws LabFormatError naming the folder.
std::vector<std::string> register_lab_folders(const std::string& labs_dir);

// Where the labs are: $TLAB_LABS when set, else the source tree's labs/ this binary was built from.
std::string default_labs_dir();

}  // namespace tlab
