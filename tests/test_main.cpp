// The single Catch2 main for the core's test binary; each module's tests live in their own file.
// The labs of the source tree's labs/ (or $TLAB_LABS) are registered first, as labrun does.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <iostream>

#include "tlab/lab_files.hpp"
#include "tlab/lab_literals.hpp"

int main(int argc, char** argv) {
    try {
        tlab::register_lab_folders(tlab::default_labs_dir());
    } catch (const tlab::LabFormatError& e) {
        std::cerr << "tlab_tests: " << e.what() << "\n";
        return 2;
    }
    return Catch::Session().run(argc, argv);
}
