// Chapter 3, lab 2: dot-product scores spread like √d_k, and dividing by √d_k keeps softmax soft.
#include <string>

#include "tlab/labs.hpp"
#include "tlab/pysource.hpp"

namespace tlab {
namespace {

const char* const kImports = "import numpy as np\nimport pandas as pd\n";

StepRun sweep_step(const Params& p) {
    const auto seed = p.at("sweep_seed").integer;
    const auto& dks = p.at("d_k_values").list;
    const auto n = p.at("n_pairs").integer;

    StepRun run;
    run.source = std::string(kImports) +
        "\n"
        "np.random.seed(" + mark_literal("sweep_seed", std::to_string(seed)) + ")\n"
        "rows = []\n"
        "for d_k in " + mark_literal("d_k_values", py_int_list(dks)) + ":\n"
        "    # 평균 0, 분산 1 인 무작위 Query·Key 쌍: 한 행이 한 쌍\n"
        "    q = np.random.randn(" + mark_literal("n_pairs", std::to_string(n)) + ", d_k)\n"
        "    k = np.random.randn(" + mark_literal("n_pairs", std::to_string(n)) + ", d_k)\n"
        "    # 행마다 q·k 내적: 원소끼리 곱해 가로로 더한다\n"
        "    s = (q * k).sum(axis=1)\n"
        "    rows.append({\n"
        "        \"d_k\": d_k,\n"
        "        \"√d_k\": np.sqrt(d_k),\n"
        "        \"점수 표준편차\": s.std().round(2),\n"
        "        \"나눈 뒤 표준편차\": (s / np.sqrt(d_k)).std().round(2),\n"
        "    })\n"
        "\n"
        "print(pd.DataFrame(rows))\n";

    return run;
}

// "code  # comment", the comment starting in column 40 so a block of them lines up.
std::string commented(const std::string& code, const std::string& comment) {
    const std::size_t column = 40;
    std::string shown = code;
    strip_literals(shown);
    const std::size_t width = shown.size();  // code lines here are ASCII
    const std::string pad(width < column ? column - width : 1, ' ');
    return code + pad + "# " + comment + "\n";
}

std::string compare_setup(const Params& p) {
    return
        "def softmax(x):\n" +
        commented("    e = np.exp(x - x.max())", "최댓값을 빼 두면 exp 가 넘치지 않는다") +
        "    return e / e.sum()\n"
        "\n"
        "np.random.seed(" + mark_literal("compare_seed", std::to_string(p.at("compare_seed").integer)) +
        ")\n"
        "d_k = " + mark_literal("compare_d_k", std::to_string(p.at("compare_d_k").integer)) + "\n" +
        commented("q = np.random.randn(d_k)", "Query 벡터 하나") +
        commented("keys = np.random.randn(" +
                      mark_literal("n_keys", std::to_string(p.at("n_keys").integer)) + ", d_k)",
                  "낱말마다 Key 벡터 하나") +
        commented("s = keys @ q", "낱말별 점수: (낱말 수, d_k) @ (d_k,)") +
        "\n" +
        commented("before = softmax(s)", "점수를 그대로") +
        commented("after = softmax(s / np.sqrt(d_k))", "√d_k 로 나눈 다음");
}

StepRun compare_step(const Params& p) {
    StepRun run;
    run.prelude = kImports;
    run.source = compare_setup(p) +
        "\n"
        "table = pd.DataFrame({\"점수\": s.round(1), \"나누기 전\": before.round(3), "
        "\"나눈 뒤\": after.round(3)})\n"
        "print(table)\n"
        "print(\"가장 큰 비율  나누기 전:\", before.max().round(3), \" 나눈 뒤:\", "
        "after.max().round(3))\n";

    return run;
}

StepRun chart_step(const Params& p) {
    const auto d_k = p.at("compare_d_k").integer;
    StepRun run;
    run.prelude = std::string(kImports) + "\n" + compare_setup(p);
    run.source =
        "import matplotlib.pyplot as plt\n"
        "\n"
        "plt.rcParams[\"axes.unicode_minus\"] = False   # 음수 부호를 글꼴과 상관없이 그린다\n"
        "\n"
        "x = np.arange(len(s))                 # 낱말 번호 0, 1, 2, ...\n"
        "fig, ax = plt.subplots(figsize=(7, 3.2))\n"
        "# 두 묶음을 0.2 씩 좌우로 비켜 세워 나란히 놓는다\n"
        "ax.bar(x - 0.2, before, width=0.4, label=\"나누기 전\", color=\"#264653\")\n"
        "ax.bar(x + 0.2, after, width=0.4, label=\"√d_k 로 나눈 뒤\", color=\"#e9c46a\")\n"
        "ax.set_xlabel(\"Key 낱말 번호\")\n"
        "ax.set_ylabel(\"softmax 비율\")\n"
        "ax.set_title(f\"d_k = {d_k} 에서 √d_k 로 나누기 전과 후\")\n"
        "ax.legend()\n"
        "plt.tight_layout()\n"
        "plt.show()\n";

    return run;
}

}  // namespace

LabSpec make_ch3_lab2() {
    using nlohmann::json;
    LabSpec lab;
    lab.id = "ch3-lab2";
    lab.title_ko = "√d_k 로 나누면 무엇이 달라지나";
    lab.title_en = "What dividing by √d_k changes";
    const double max_seed = 4294967295.0;
    lab.params = {
        {"sweep_seed", ParamKind::integer, 42, 0, max_seed, 1, 0, {1}, "씨앗(1단계)",
         "seed (step 1)"},
        {"d_k_values", ParamKind::int_list, json::array({4, 16, 64, 256}), 1, 8192, 1, 8, {1},
         "d_k 목록", "d_k values"},
        {"n_pairs", ParamKind::integer, 1000, 1, 1000000, 1, 0, {1}, "쌍의 수", "number of pairs"},
        {"compare_seed", ParamKind::integer, 7, 0, max_seed, 1, 0, {2, 3}, "씨앗(2·3단계)",
         "seed (steps 2-3)"},
        {"compare_d_k", ParamKind::integer, 64, 1, 8192, 1, 0, {2, 3}, "d_k", "d_k"},
        {"n_keys", ParamKind::integer, 8, 1, 60, 1, 0, {2, 3}, "Key 의 수", "number of keys"},
    };
    lab.steps = {
        {1, "d_k 에 따른 점수 표준편차", "Score spread as d_k grows", sweep_step},
        {2, "softmax 나란히 견주기", "Softmax before and after, side by side", compare_step},
        {3, "막대그래프로 보기", "The two distributions as bars", chart_step},
    };
    return lab;
}

}  // namespace tlab
