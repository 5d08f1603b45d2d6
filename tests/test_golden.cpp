// At the textbook values, every step prints exactly what the seed pages show, byte for byte.
#include <catch2/catch.hpp>

#include "test_support.hpp"
#include "tlab/api.hpp"

namespace {

// What the cell wrote to stdout: stream text, and the tables it printed.
std::string printed(const nlohmann::json& outputs) {
    std::string out;
    for (const auto& o : outputs) {
        if (o["output_type"] == "stream") out += o["text"].get<std::string>();
        if (o["output_type"] == "display_data" &&
            o["metadata"].value("/transformer-lab/printed"_json_pointer, false))
            out += o["data"]["text/plain"].get<std::string>() + "\n";
    }
    return out;
}

}  // namespace

TEST_CASE("textbook values print the seeds' outputs", "[golden]") {
    const std::pair<const char*, int> steps[] = {
        {"ch1-lab2", 1}, {"ch1-lab2", 2}, {"ch1-lab2", 3}, {"ch3-lab2", 1}, {"ch3-lab2", 2}};
    for (const auto& [lab, step] : steps) {
        const auto r = tlab::handle_request({{"lab", lab}, {"step", step}});
        INFO(lab << " step " << step);
        REQUIRE(r["ok"] == true);
        const std::string want =
            tlab_test::read_text(std::string("golden/seeds/") + lab + ".step" +
                                 std::to_string(step) + ".txt");
        REQUIRE(!want.empty());
        CHECK(printed(r["outputs"]) == want);
    }
}

TEST_CASE("textbook chart: the seed's bars, colours and labels", "[golden]") {
    const auto r = tlab::handle_request({{"lab", "ch3-lab2"}, {"step", 3}});
    REQUIRE(r["ok"] == true);
    REQUIRE(r["outputs"].size() == 1);
    REQUIRE(r["outputs"][0]["output_type"] == "display_data");  // not an error output: no "data"
    const auto& data = r["outputs"][0]["data"];
    CHECK(data["text/plain"] == "<Figure size 700x320 with 1 Axes>");
    const auto& chart = data["application/vnd.transformer-lab.chart+json"];
    CHECK(chart["kind"] == "bar");
    CHECK(chart["title"] == "d_k = 64 에서 √d_k 로 나누기 전과 후");
    CHECK(chart["xlabel"] == "Key 낱말 번호");
    CHECK(chart["ylabel"] == "softmax 비율");
    REQUIRE(chart["series"].size() == 2);
    CHECK(chart["series"][0]["label"] == "나누기 전");
    CHECK(chart["series"][0]["color"] == "#264653");
    CHECK(chart["series"][1]["label"] == "√d_k 로 나눈 뒤");
    CHECK(chart["series"][1]["color"] == "#e9c46a");
    // The seed's description: before, word 4 alone reaches 1.0; after, it keeps 0.491.
    const auto& before = chart["series"][0]["values"];
    const auto& after = chart["series"][1]["values"];
    REQUIRE(before.size() == 8);
    CHECK(before[4].get<double>() == Approx(1.0).margin(5e-4));
    CHECK(after[4].get<double>() == Approx(0.491).margin(5e-4));
    CHECK(after[2].get<double>() == Approx(0.153).margin(5e-4));
}
