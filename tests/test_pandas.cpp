// Tests for the kernel's pandas module against what pandas 1.5.3 gives: the golden cases written
// by tests/oracle/gen_pandas_cases.py (values built and operations applied through the kernel's
// object protocol, as the evaluator does), and the Jupyter display of a frame.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "python/builtins_support.hpp"
#include "python/display.hpp"
#include "python/interp.hpp"
#include "python/pandas.hpp"
#include "test_support.hpp"

using nlohmann::json;
using namespace tlab;

namespace {

class Sink : public OutputSink {
public:
    void write_stdout(const std::string& text) override { out += text; }
    void write_stderr(const std::string& text) override { err += text; }
    void display(const std::map<std::string, std::string>&, bool) override {}
    std::string out, err;
};

// Builds the cases' values and applies their operations in one interpreter.
class Runner {
public:
    Runner() {
        np_ = in_.import_module("numpy", 0);
        pd_ = in_.import_module("pandas", 0);
    }
    Interp& in() { return in_; }

    Value decode(const json& j) {
        if (j.is_null()) return Value();
        if (j.is_boolean()) return Value::boolean(j.get<bool>());
        if (j.is_number_integer()) return Value::integer(j.get<std::int64_t>());
        if (j.is_string()) return make_str(j.get<std::string>());
        if (j.is_array()) return make_list(decode_all(j));
        if (j.contains("f")) return Value::floating(std::strtod(j["f"].get<std::string>().c_str(), nullptr));
        if (j.contains("t")) return make_tuple(decode_all(j["t"]));
        if (j.contains("d")) {
            Ref<DictObj> d = make_dict();
            for (const auto& kv : j["d"]) d->set(in_, decode(kv[0]), decode(kv[1]));
            return d;
        }
        if (j.contains("a")) {
            Args args({decode(j["a"])}, {{"dtype", make_str(j["dtype"].get<std::string>())}});
            return in_.call(in_.getattr(np_, "array"), args);
        }
        if (j.contains("np")) {
            const std::string t = j["np"].get<std::string>();
            const Value v = decode(j["v"]);
            if (t == "float64") return Value::np_float(v.as_float());
            if (t == "int64") return Value::np_int(v.as_int());
            return Value::np_bool(v.as_bool());
        }
        if (j.contains("slice")) {
            return Value(make<SliceObj>(decode(j["slice"][0]), decode(j["slice"][1]), Value()));
        }
        if (j.contains("range")) {
            return Value(make<RangeObj>(j["range"][0].get<std::int64_t>(), j["range"][1].get<std::int64_t>(), 1));
        }
        const bool frame = j.contains("df");
        const json& spec = frame ? j["df"] : j["s"];
        Args args({decode(spec[0])}, keywords(spec[1]));
        return in_.call(in_.getattr(pd_, frame ? "DataFrame" : "Series"), args);
    }

    Value apply(const Value& x, const json& op) {
        const std::string kind = op[0].get<std::string>();
        if (kind == "item") return in_.getitem(x, decode(op[1]));
        if (kind == "attr") return in_.getattr(x, op[1].get<std::string>());
        if (kind == "call") {
            Args args(decode_all(op[2]), keywords(op[3]));
            return in_.call(in_.getattr(x, op[1].get<std::string>()), args);
        }
        if (kind == "bin") {
            static const std::map<std::string, BinOpKind> ops = {
                {"+", BinOpKind::add}, {"-", BinOpKind::sub}, {"*", BinOpKind::mult}, {"/", BinOpKind::div},
                {"//", BinOpKind::floor_div}, {"%", BinOpKind::mod}, {"**", BinOpKind::pow}};
            const BinOpKind o = ops.at(op[1].get<std::string>());
            const Value other = decode(op[2]);
            return op[3].get<bool>() ? in_.binary(o, other, x) : in_.binary(o, x, other);
        }
        if (kind == "cmp") {
            static const std::map<std::string, CmpOpKind> ops = {
                {"==", CmpOpKind::eq}, {"!=", CmpOpKind::not_eq_}, {"<", CmpOpKind::lt},
                {"<=", CmpOpKind::lt_e}, {">", CmpOpKind::gt}, {">=", CmpOpKind::gt_e}};
            return in_.compare(ops.at(op[1].get<std::string>()), x, decode(op[2]));
        }
        if (kind == "set") {
            in_.setitem(x, decode(op[1]), decode(op[2]));
            return x;
        }
        if (kind == "setloc" || kind == "setiloc") {
            in_.setitem(in_.getattr(x, kind.substr(3)), decode(op[1]), decode(op[2]));
            return x;
        }
        if (kind == "setattr") {
            in_.setattr(x, op[1].get<std::string>(), decode(op[2]));
            return x;
        }
        if (kind == "np") return in_.call(in_.getattr(np_, op[1].get<std::string>()), std::vector<Value>{x});
        if (kind == "pd" || kind == "pdget") {
            Value r = in_.call(in_.getattr(pd_, op[1].get<std::string>()), decode_all(op[2]));
            return kind == "pd" ? x : r;
        }
        if (kind == "len") return Value::integer(in_.len(x));
        if (kind == "list") return make_list(in_.to_list(x));
        if (kind == "neg") return in_.unary(UnaryOpKind::usub, x);
        if (kind == "abs") return in_.call(*in_.builtins()->find_str("abs"), std::vector<Value>{x});
        if (kind == "repr") return make_str(in_.repr(x));
        FAIL("unknown operation " << kind);
        return x;
    }

    // str() of the result, "!Type: message" for an exception, "UNSUPPORTED: ..." for a refusal.
    std::string outcome(const json& c) {
        in_.cell_file_placeholder = c.at("layout") == "notebook" ? "/tmp/ipykernel_0/0.py" : "";
        in_.pandas_options = DisplayOptions();  // each case is a program of its own
        try {
            Value x = decode(c.at("start"));
            for (const auto& op : c.at("ops")) x = apply(x, op);
            return in_.str(x);
        } catch (PyException& e) {
            return "!" + e.exc.type()->name + ": " + in_.str(e.exc);
        } catch (Unsupported& u) {
            return "UNSUPPORTED: " + u.what_en;
        }
    }

private:
    std::vector<Value> decode_all(const json& list) {
        std::vector<Value> out;
        for (const auto& x : list) out.push_back(decode(x));
        return out;
    }
    std::vector<std::pair<std::string, Value>> keywords(const json& obj) {
        std::vector<std::pair<std::string, Value>> out;
        for (auto it = obj.begin(); it != obj.end(); ++it) out.emplace_back(it.key(), decode(it.value()));
        return out;
    }

    Sink sink_;
    Interp in_{sink_};
    Interp::Use use_{in_};  // what the test makes goes on this interpreter's heap, and is freed with it
    Ref<ModuleObj> np_, pd_;
};

std::string expected_of(const json& c) {
    const json& e = c.at("expected");
    if (e.is_string()) return e.get<std::string>();
    return "!" + e["error"][0].get<std::string>() + ": " + e["error"][1].get<std::string>();
}

}  // namespace

TEST_CASE("pandas: golden cases from pandas 1.5.3", "[pandas]") {
    const json cases = tlab_test::read_json("golden/pandas_cases.json");
    REQUIRE(cases.size() >= 300);
    Runner r;
    int refused = 0, failed = 0;
    json dump = json::array();  // TLAB_PANDAS_FAILURES=file.json writes every mismatch there
    for (std::size_t k = 0; k < cases.size(); ++k) {
        const json& c = cases[k];
        const std::string got = r.outcome(c);
        const std::string want = expected_of(c);
        if (got.rfind("UNSUPPORTED: ", 0) == 0 && c.value("may_refuse", false)) {
            ++refused;
            continue;
        }
        if (got != want) {
            ++failed;
            dump.push_back({{"case", k}, {"got", got}, {"want", want}});
            if (failed <= 12) {
                INFO("case " << k << "\n" << c.at("source").get<std::string>());
                CHECK(got == want);
            }
        }
    }
    if (const char* path = std::getenv("TLAB_PANDAS_FAILURES")) std::ofstream(path) << dump.dump(1);
    INFO(cases.size() << " cases, " << refused << " refused where allowed, " << failed << " failed");
    CHECK(failed == 0);
    WARN("pandas golden: " << cases.size() << " cases, " << cases.size() - refused - failed << " exact, " << refused
                           << " refused where allowed, " << failed << " failed");
}

TEST_CASE("pandas: a notebook shows a frame as text and as the page's table", "[pandas]") {
    Runner r;
    Interp& in = r.in();
    in.cell_file_placeholder = "/tmp/ipykernel_0/0.py";
    const json spec = json::parse(R"({"df": [{"d": [["a", [1, 2]], ["b", [{"f": "nan"}, {"f": "0.5"}]], ["c", ["x", "y"]]]}, {}]})");
    Value frame = r.decode(spec);
    const auto bundle = display_bundle(in, frame);
    CHECK(bundle.at("text/plain") == in.repr(frame));
    const json table = json::parse(bundle.at("application/vnd.transformer-lab.table+json"));
    CHECK(table.at("columns") == json({"a", "b", "c"}));
    CHECK(table.at("index") == json({0, 1}));
    CHECK(table.at("rows") == json::parse(R"([[1, null, "x"], [2, 0.5, "y"]])"));
}

TEST_CASE("pandas: df[missing] carries pandas' library frames and cause", "[pandas]") {
    Runner r;
    Interp& in = r.in();
    const json spec = json::parse(R"({"df": [{"d": [["a", [1, 2]]]}, {}]})");
    Value frame = r.decode(spec);
    try {
        in.getitem(frame, make_str("missing"));
        FAIL("no KeyError");
    } catch (PyException& e) {
        auto* exc = e.exc.as<ExceptionObj>();
        CHECK(in.str(e.exc) == "'missing'");
        REQUIRE(exc->traceback.size() == 2);
        CHECK(exc->traceback[0].file == "/usr/lib/python3/dist-packages/pandas/core/frame.py");
        CHECK(exc->traceback[1].line == 3804);
        REQUIRE(exc->cause.as<ExceptionObj>() != nullptr);
        CHECK(exc->suppress_context);
        CHECK(exc->cause.as<ExceptionObj>()->traceback.size() == 5);
    }
}
