// kernel.cpp — running whole programs: scripts (python3 FILE.py) and, later, notebook cells.
#include "tlab/python.hpp"

#include <algorithm>

#include "python/memory.hpp"
#include "python/interp.hpp"
#include "python/parser.hpp"
#include "python/strings.hpp"
#include "python/scope.hpp"
#include "python/traceback.hpp"

namespace tlab {

namespace {

class ScriptSink : public OutputSink {
public:
    void write_stdout(const std::string& text) override { out += text; }
    void write_stderr(const std::string& text) override { err += text; }
    void display(const std::map<std::string, std::string>&, bool) override {}
    std::string out, err;
};

}  // namespace

std::string progress_json(const Progress& p) {
    return nlohmann::json{{"done", p.done}, {"label", p.label}}.dump();
}

namespace {

// The construct on one line: the message is the last line of a script's stderr, and what it
// names may quote a value over several (an array's repr): each line break and the indentation
// after it become one space.
std::string one_line(const std::string& what) {
    std::string out;
    for (std::size_t k = 0; k < what.size(); ++k) {
        if (what[k] != '\n' && what[k] != '\r') {
            out += what[k];
            continue;
        }
        while (k + 1 < what.size() && (what[k + 1] == ' ' || what[k + 1] == '\n' || what[k + 1] == '\r')) ++k;
        out += ' ';
    }
    return out;
}

}  // namespace

std::string unsupported_message(const Unsupported& u) {
    return "line " + std::to_string(u.line) + ": " + one_line(u.what_en) +
           " is not supported in the lab kernel; download the notebook to run this code in Jupyter";
}

std::string unsupported_message_ko(const Unsupported& u) {
    return std::to_string(u.line) + "번째 줄: " + one_line(u.what_ko) +
           " 은(는) 실습 커널에서 실행할 수 없습니다. 노트북을 내려받아 Jupyter 에서 실행해 보세요";
}

ScriptResult run_script(const std::string& source, const std::string& filename, const ScriptOptions& options) {
    ScriptResult result;
    // CPython's tokenizer reading a file (ensure_utf8 in tokenizer.c) stops at the line of the
    // first malformed byte, before any parsing.
    if (const std::size_t at = utf8_malformed_at(source); at != std::string::npos) {
        static const char* const hex = "0123456789abcdef";
        const auto bad = static_cast<unsigned char>(source[at]);
        const auto line = 1 + std::count(source.begin(), source.begin() + static_cast<std::ptrdiff_t>(at), '\n');
        result.err = std::string("SyntaxError: Non-UTF-8 code starting with '\\x") + hex[bad >> 4] + hex[bad & 15] +
                     "' in file " + filename + " on line " + std::to_string(line) +
                     ", but no encoding declared; see https://peps.python.org/pep-0263/ for details\n";
        result.exit_code = 1;
        return result;
    }
    if (source.size() > kMaxSourceBytes) {
        result.err = "UnsupportedInLab: the program is longer than 64 KB\n";
        result.exit_code = 3;
        return result;
    }
    ParseResult parsed = parse_module(source, filename);
    if (parsed.error) {
        result.err = format_syntax_error(*parsed.error, filename);
        result.exit_code = 1;
        return result;
    }
    Pos pos;
    const std::string scope_error = resolve_scopes(*parsed.module, pos);
    if (!scope_error.empty()) {
        SyntaxErrorInfo e;
        e.msg = scope_error;
        e.line = pos.line;
        std::size_t start = 0;
        for (int n = 1; n < pos.line; ++n) start = source.find('\n', start) + 1;
        const std::size_t end = source.find('\n', start);
        e.text = source.substr(start, end == std::string::npos ? std::string::npos : end - start + 1);
        e.offset = pos.col + 1;
        e.end_line = pos.end_line;
        e.end_offset = pos.end_col + 1;
        result.err = format_syntax_error(e, filename);
        result.exit_code = 1;
        return result;
    }
    ScriptSink sink;
    {
        Interp in(sink, interp_limits(options.limits));
        Interp::Use use(in);
        if (options.progress) {
            in.set_progress(options.progress);
        }
        try {
            MemoryBudget budget(kCodeMemoryBytes);
            in.exec_module(parsed.module, in.new_globals());
        } catch (PyException& e) {
            sink.err += format_traceback(in, e.exc);
            result.exit_code = 1;
        } catch (Unsupported& u) {
            sink.err += "UnsupportedInLab: " + unsupported_message(u) + "\n";
            result.exit_code = 3;
        } catch (Stopped& s) {
            sink.err += "StoppedInLab: " + s.message_en + "\n";
            result.exit_code = 3;
        } catch (std::bad_alloc&) {
            sink.err += "StoppedInLab: " + memory_stop().message_en + "\n";
            result.exit_code = 3;
        }
    }
    result.out = std::move(sink.out);
    result.err = std::move(sink.err);
    return result;
}

}  // namespace tlab
