// Chapter 1, lab 2: the matrix product and its shape rule, the dot product, softmax in three stages.
#include <optional>
#include <string>

#include "tlab/labs.hpp"
#include "tlab/npformat.hpp"
#include "tlab/npmath.hpp"
#include "tlab/pysource.hpp"

namespace tlab {
namespace {

const char* const kPrelude = "import numpy as np\n";

std::string scalar_text(const NdArray& s) {
    return s.is_float() ? scalar_str(s.f[0]) : int_str(s.i[0]);
}

StepRun matmul_step(const Params& p) {
    const NdArray& A = p.at("A").array;
    const NdArray& B = p.at("B").array;
    const std::string ab = shape_str(A.shape) + " @ " + shape_str(B.shape);
    const std::string predicted = shape_str({A.shape[0], B.shape[1]});

    StepRun run;
    run.prelude = kPrelude;
    run.source =
        "# 곱할 두 행렬: A 의 열 수와 B 의 행 수가 맞아야 곱셈이 된다\n"
        "A = " + mark_literal("A", py_array_literal(A, 4)) + "\n"
        "B = " + mark_literal("B", py_array_literal(B, 4)) + "\n"
        "\n"
        "# " + ab + ": 가운데 두 수가 같으면 결과는 바깥 두 수 " + predicted + "\n"
        "C = np.matmul(A, B)            # A @ B 라고 써도 같다\n"
        "print(\"A @ B =\\n\", C)\n"
        "print(\"결과 shape:\", C.shape, " + py_str_literal("→ " + predicted) + ")\n"
        "\n"
        "# A @ A 는 A 가 정사각형일 때만 된다. 아니면 NumPy 가 ValueError 로 멈추고,\n"
        "# except 가 그 오류를 받아 문장만 찍는다\n"
        "try:\n"
        "    np.matmul(A, A)\n"
        "except ValueError as e:\n"
        "    print(\"오류:\", e)\n";

    return run;
}

// "1×4 + 2×5 + 3×6 = 32": the sum np.dot computes, written out (shortened for long vectors).
std::string dot_expansion(const NdArray& u, const NdArray& v, const std::string& result) {
    if (u.shape[0] != v.shape[0]) return "→ 같은 자리끼리 곱해 모두 더한 값";
    auto term = [&](std::size_t k) {
        auto lit = [](const NdArray& a, std::size_t i) {
            std::string s = py_scalar_literal(a, i);
            return s[0] == '-' ? "(" + s + ")" : s;
        };
        return lit(u, k) + "×" + lit(v, k);
    };
    const std::size_t n = u.shape[0];
    std::string sum;
    if (n <= 4) {
        for (std::size_t k = 0; k < n; ++k) sum += (k ? " + " : "") + term(k);
    } else {
        sum = term(0) + " + " + term(1) + " + … + " + term(n - 1);
    }
    return "→ " + sum + " = " + result;
}

StepRun dot_step(const Params& p) {
    const NdArray& u = p.at("u").array;
    const NdArray& v = p.at("v").array;

    // The remarks after each result are string literals in the code; they are written to match
    // the values, so the line reads true whatever the learner chose.
    std::string uv_note = dot_expansion(u, v, "?"), neg_note = "→ 음수가 나옵니다";
    NdArray uv, uneg;
    std::optional<PyError> uv_error;
    try {
        uv = dot(u, v);
        uv_note = dot_expansion(u, v, scalar_text(uv));
    } catch (const PyError& e) {
        uv_error = e;
    }
    uneg = dot(u, negate(u));
    const double uneg_value = uneg.as_double(0);
    if (uneg_value == 0) neg_note = "→ 0 이 나옵니다";
    else if (uneg_value > 0) neg_note = "→ 양수가 나옵니다";

    StepRun run;
    run.prelude = kPrelude;
    run.source =
        "# 길이가 같은 두 벡터\n"
        "u = " + mark_literal("u", py_array_literal(u, 4)) + "\n"
        "v = " + mark_literal("v", py_array_literal(v, 4)) + "\n"
        "\n"
        "# 내적: 같은 자리의 수끼리 곱한 다음 전부 더한다\n"
        "print(\"u · v =\", np.dot(u, v), " + py_str_literal(uv_note) + ")\n"
        "# -u 는 u 와 정반대 방향. 자기 자신의 반대와 내적하면 부호가 뒤집힌다\n"
        "print(\"u와 반대 방향 벡터(-u)의 내적 =\", np.dot(u, -u), " + py_str_literal(neg_note) +
        ")\n";

    return run;
}

StepRun softmax_step(const Params& p) {
    const NdArray& z = p.at("z").array;

    StepRun run;
    run.prelude = kPrelude;
    run.source =
        "def softmax(z):\n"
        "    # 가장 큰 점수를 먼저 빼 두면 exp 가 넘치지 않는다(결과는 같다)\n"
        "    e = np.exp(z - z.max(axis=-1, keepdims=True))\n"
        "    # 마지막 축의 합으로 나누어 합이 1 인 비율로 만든다\n"
        "    return e / e.sum(axis=-1, keepdims=True)\n"
        "\n"
        "z = " + mark_literal("z", py_array_literal(z, 4)) + "   # 클래스별 점수(logit)\n"
        "p = softmax(z)\n"
        "print(\"점수 z     :\", z)\n"
        "print(\"e^z        :\", np.round(np.exp(z), 2))\n"
        "print(\"확률 p     :\", np.round(p, 2))\n"
        "print(\"확률의 합  :\", p.sum())\n";

    return run;
}

}  // namespace

LabSpec make_ch1_lab2() {
    using nlohmann::json;
    LabSpec lab;
    lab.id = "ch1-lab2";
    lab.title_ko = "행렬곱, 내적, Softmax";
    lab.title_en = "Matrix product, dot product and softmax";
    const double big = 1e15;
    lab.params = {
        {"A", ParamKind::matrix, json::array({{1, 2, 3}, {4, 5, 6}}), -big, big, 1, 8, {1},
         "행렬 A", "matrix A"},
        {"B", ParamKind::matrix, json::array({{1, 0}, {0, 1}, {1, 1}}), -big, big, 1, 8, {1},
         "행렬 B", "matrix B"},
        {"u", ParamKind::vector, json::array({1, 2, 3}), -big, big, 1, 64, {2}, "벡터 u",
         "vector u"},
        {"v", ParamKind::vector, json::array({4, 5, 6}), -big, big, 1, 64, {2}, "벡터 v",
         "vector v"},
        {"z", ParamKind::vector, json::array({2.0, 1.0, 0.1}), -big, big, 1, 64, {3},
         "점수 z", "scores z"},
    };
    lab.steps = {
        {1, "행렬곱과 shape 규칙", "Matrix product and the shape rule", matmul_step},
        {2, "내적", "Dot product", dot_step},
        {3, "Softmax: 점수에서 확률로", "Softmax: from scores to probabilities", softmax_step,
         {{"softmax_stages", {{"z", "z"}, {"exp_z", "np.exp(z)"}, {"p", "p"}}}}},
    };
    return lab;
}

}  // namespace tlab
