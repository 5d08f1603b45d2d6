// Chapter 3, lab 2: dot-product scores spread like √d_k, and dividing by √d_k keeps softmax soft.
#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "cell.hpp"
#include "tlab/dataframe.hpp"
#include "tlab/labs.hpp"
#include "tlab/npformat.hpp"
#include "tlab/npmath.hpp"
#include "tlab/nprandom.hpp"
#include "tlab/pysource.hpp"

namespace tlab {
namespace {

const char* const kImports = "import numpy as np\nimport pandas as pd\n";

// One row of the sweep table.
struct SweepRow {
    std::int64_t d_k;
    double sqrt_d_k, std_before, std_after;
};

// Reports the sweep's progress between blocks of rows and stops it when the callback says so.
// Work is counted in normals drawn, the skip over q's normals weighted at half (it draws uniform
// pairs but computes no log or sqrt): an estimate good enough for a progress bar.
class SweepMeter {
public:
    SweepMeter(const ProgressFn& report, const std::vector<std::int64_t>& dks, std::size_t rows)
        : report_(report), dks_(dks), rows_(rows) {
        for (std::int64_t d_k : dks) total_ += work(d_k, rows);
    }
    static double work(std::int64_t d_k, std::size_t rows) {
        return 2.5 * static_cast<double>(d_k) * static_cast<double>(rows);
    }
    void next_d_k(std::size_t index) {
        if (index > 0) done_before_ += work(dks_[index - 1], rows_);
        index_ = index;
    }
    // `rows_skipped` of q's rows skipped over, then `rows_done` rows' dot products computed.
    void at(std::size_t rows_skipped, std::size_t rows_done) const {
        if (!report_) return;
        const double d = static_cast<double>(dks_[index_]);
        const double here = 0.5 * d * static_cast<double>(rows_skipped) + 2.0 * d * static_cast<double>(rows_done);
        const Progress progress{std::min(1.0, (done_before_ + here) / total_), dks_[index_],
                                index_ + 1, dks_.size(), rows_done, rows_};
        if (!report_(progress)) throw RunCancelled();
    }

private:
    const ProgressFn& report_;
    const std::vector<std::int64_t>& dks_;
    std::size_t rows_;
    double total_ = 0, done_before_ = 0;
    std::size_t index_ = 0;
};

// Up to this many values (8 MB), q is drawn whole and kept: k's normals then follow from the same
// generator, with nothing skipped. Past it the sweep streams.
constexpr std::size_t kWholeQValues = std::size_t{1} << 20;

// s = (q * k).sum(axis=1) for q = randn(n, d_k); k = randn(n, d_k), then the two stds.
// Small sizes keep q (at most kWholeQValues) and draw k one row at a time. Larger ones stream:
// one row of q and one of k at a time (2·d_k doubles) plus s (n doubles, which the two-pass std
// needs), never q or k: a second generator starts where k's normals begin, found by skipping over
// q's normals (the rejection loop only, no log), so the stream stays NumPy's exact sequence. Peak
// memory is then about 8·n + 16·d_k bytes (8 MB at n = 10^6; np_std works in 8192-value chunks),
// whatever n·d_k is. The passes run in blocks of about 2^18 values, with a progress report after
// each.
SweepRow sweep_one(RandomState& rng, std::int64_t d_k, std::size_t n, const SweepMeter& meter) {
    const std::size_t d = static_cast<std::size_t>(d_k);
    const std::size_t block_rows = std::max<std::size_t>(1, (std::size_t{1} << 18) / d);
    const bool whole = n * d <= kWholeQValues;
    // Not zero-filled first (every value is drawn before it is read): that was 4% of the textbook
    // sweep in wasm.
    const auto buffer = [](std::size_t size) { return std::unique_ptr<double[]>(new double[size]); };
    const auto s = buffer(n), k = buffer(d), q = buffer(whole ? n * d : d);
    std::optional<RandomState> q_rng;  // streaming: draws q's rows while rng draws k's
    if (whole) {
        rng.fill_normal(q.get(), n * d);
        meter.at(n, 0);
    } else {
        q_rng = rng;
        for (std::size_t row = 0; row < n; row += block_rows) {
            const std::size_t end = std::min(n, row + block_rows);
            rng.skip_normals((end - row) * d);
            meter.at(end, 0);
        }
    }
    for (std::size_t block = 0; block < n; block += block_rows) {
        const std::size_t end = std::min(n, block + block_rows);
        for (std::size_t row = block; row < end; ++row) {
            const double* q_row = whole ? q.get() + row * d : q.get();
            if (q_rng) q_rng->fill_normal(q.get(), d);
            rng.fill_normal(k.get(), d);
            s[row] = np_sum_of_products(q_row, k.get(), d);  // (q * k).sum() of the row
        }
        meter.at(n, end);
    }
    const double root = std::sqrt(static_cast<double>(d_k));
    SweepRow r{d_k, root, np_round(np_std(s.get(), n), 2), 0.0};
    for (std::size_t row = 0; row < n; ++row) s[row] /= root;
    r.std_after = np_round(np_std(s.get(), n), 2);
    return r;
}

StepRun sweep_step(const Params& p, const ProgressFn& progress) {
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

    RandomState rng(static_cast<std::uint32_t>(seed));
    SweepMeter meter(progress, dks, static_cast<std::size_t>(n));
    std::vector<std::int64_t> col_dk;
    std::vector<double> col_root, col_before, col_after;
    for (std::size_t i = 0; i < dks.size(); ++i) {
        const std::int64_t d_k = dks[i];
        meter.next_d_k(i);
        const SweepRow r = sweep_one(rng, d_k, static_cast<std::size_t>(n), meter);
        col_dk.push_back(r.d_k);
        col_root.push_back(r.sqrt_d_k);
        col_before.push_back(r.std_before);
        col_after.push_back(r.std_after);
    }
    const std::size_t rows = dks.size();
    const std::vector<DfColumn> table = {
        {"d_k", NdArray::of_ints({rows}, col_dk)},
        {"√d_k", NdArray::of_floats({rows}, col_root)},
        {"점수 표준편차", NdArray::of_floats({rows}, col_before)},
        {"나눈 뒤 표준편차", NdArray::of_floats({rows}, col_after)},
    };
    const std::string text = dataframe_str(table);

    nlohmann::json json_rows = nlohmann::json::array(), index = nlohmann::json::array();
    for (std::size_t r = 0; r < rows; ++r) {
        index.push_back(r);
        json_rows.push_back({col_dk[r], col_root[r], col_before[r], col_after[r]});
    }
    CellOutput out;
    out.print_table(text, {{"columns", {"d_k", "√d_k", "점수 표준편차", "나눈 뒤 표준편차"}},
                           {"index", index},
                           {"rows", json_rows}});
    run.outputs = out.take();
    return run;
}

// Everything steps 2 and 3 compute: one query against n_keys keys, softmax before and after.
struct Comparison {
    std::vector<double> s, before, after;
};

Comparison compare(const Params& p) {
    const auto seed = p.at("compare_seed").integer;
    const auto d = static_cast<std::size_t>(p.at("compare_d_k").integer);
    const auto n = static_cast<std::size_t>(p.at("n_keys").integer);
    RandomState rng(static_cast<std::uint32_t>(seed));
    std::vector<double> q(d), keys(n * d);
    rng.fill_normal(q.data(), d);
    rng.fill_normal(keys.data(), n * d);
    const NdArray s = matmul(NdArray::of_floats({n, d}, std::move(keys)),
                             NdArray::of_floats({d, 1}, std::move(q)));
    Comparison c;
    c.s = s.f;
    c.before = np_softmax(c.s);
    const double root = std::sqrt(static_cast<double>(d));
    std::vector<double> scaled = c.s;
    for (double& x : scaled) x /= root;
    c.after = np_softmax(scaled);
    return c;
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

double max_of(const std::vector<double>& v) { return *std::max_element(v.begin(), v.end()); }

StepRun compare_step(const Params& p, const ProgressFn&) {
    StepRun run;
    run.prelude = kImports;
    run.source = compare_setup(p) +
        "\n"
        "table = pd.DataFrame({\"점수\": s.round(1), \"나누기 전\": before.round(3), "
        "\"나눈 뒤\": after.round(3)})\n"
        "print(table)\n"
        "print(\"가장 큰 비율  나누기 전:\", before.max().round(3), \" 나눈 뒤:\", "
        "after.max().round(3))\n";

    const Comparison c = compare(p);
    const std::size_t n = c.s.size();
    std::vector<double> s1(n), b3(n), a3(n);
    nlohmann::json rows = nlohmann::json::array(), index = nlohmann::json::array();
    for (std::size_t k = 0; k < n; ++k) {
        s1[k] = np_round(c.s[k], 1);
        b3[k] = np_round(c.before[k], 3);
        a3[k] = np_round(c.after[k], 3);
        index.push_back(k);
        rows.push_back({s1[k], b3[k], a3[k]});
    }
    const std::string text = dataframe_str({{"점수", NdArray::of_floats({n}, s1)},
                                            {"나누기 전", NdArray::of_floats({n}, b3)},
                                            {"나눈 뒤", NdArray::of_floats({n}, a3)}});
    CellOutput out;
    out.print_table(text, {{"columns", {"점수", "나누기 전", "나눈 뒤"}}, {"index", index},
                           {"rows", rows}});
    out.print({"가장 큰 비율  나누기 전:", scalar_str(np_round(max_of(c.before), 3)),
               " 나눈 뒤:", scalar_str(np_round(max_of(c.after), 3))});
    run.outputs = out.take();
    return run;
}

StepRun chart_step(const Params& p, const ProgressFn&) {
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

    const Comparison c = compare(p);
    nlohmann::json x = nlohmann::json::array();
    for (std::size_t k = 0; k < c.s.size(); ++k) x.push_back(k);
    CellOutput out;
    out.display(
        {{"text/plain", "<Figure size 700x320 with 1 Axes>"},
         {"application/vnd.transformer-lab.chart+json",
          {{"kind", "bar"},
           {"title", fmt::format(FMT_COMPILE("d_k = {} 에서 √d_k 로 나누기 전과 후"), d_k)},
           {"xlabel", "Key 낱말 번호"},
           {"ylabel", "softmax 비율"},
           {"x", x},
           {"width", 0.4},
           {"offsets", {-0.2, 0.2}},
           {"series",
            {{{"label", "나누기 전"}, {"color", "#264653"}, {"values", c.before}},
             {{"label", "√d_k 로 나눈 뒤"}, {"color", "#e9c46a"}, {"values", c.after}}}}}}});
    run.outputs = out.take();
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
