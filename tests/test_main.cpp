// The single Catch2 main for the core's test binary; each module's tests live in their own file.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
