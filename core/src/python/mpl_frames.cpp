// mpl_frames.cpp — matplotlib's Python frames (mpl_frames.inc, made from real matplotlib by
// tests/oracle/gen_mpl_frames.py) as traceback entries, pushed while the kernel does what that
// code does (mpl.hpp, MplFrames).
#include "python/mpl.hpp"

namespace tlab {

namespace {

struct MplFrameData {
    std::uint8_t file;
    std::uint16_t line;
    const char* function;
    std::uint8_t indent;
    const char* code;
    std::int16_t col, end_col;
};

#define TLAB_MPL_FRAMES_DATA
#include "python/mpl_frames.inc"
#undef TLAB_MPL_FRAMES_DATA

constexpr std::size_t kFrameCount = sizeof(kMplFrames) / sizeof(kMplFrames[0]);

const TracebackEntry* entry(MplFrame f) {
    static const std::vector<TracebackEntry> entries = [] {
        std::vector<TracebackEntry> out(kFrameCount);
        for (std::size_t k = 0; k < kFrameCount; ++k) {
            const MplFrameData& d = kMplFrames[k];
            TracebackEntry& t = out[k];
            t.file = kMplFiles[d.file];
            t.line = d.line;
            t.function = d.function;
            if (*d.code != '\0') t.code_line = std::string(d.indent, ' ') + d.code;
            t.col = d.col;
            t.end_col = d.end_col;
        }
        return out;
    }();
    return &entries[static_cast<std::size_t>(f)];
}

}  // namespace

MplFrames::MplFrames(Interp& in, std::initializer_list<MplFrame> frames) : in_(in), size_(in.library_frames.size()) {
    for (MplFrame f : frames) in.library_frames.push_back(entry(f));
}

}  // namespace tlab
