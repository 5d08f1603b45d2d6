// mpl_frames.cpp — matplotlib's Python frames (mpl_frames.inc, made from real matplotlib by
// tests/oracle/gen_mpl_frames.py) as traceback entries, pushed while the kernel does what that
// code does (mpl.hpp, MplFrames).
#include "python/mpl.hpp"

#include <algorithm>
#include <cstring>

#include "python/traceback.hpp"

namespace tlab {

namespace {

using MplFrameData = LibraryFrameData;  // (the name mpl_frames.inc uses)

#define TLAB_MPL_FRAMES_DATA
#include "python/mpl_frames.inc"
#undef TLAB_MPL_FRAMES_DATA

constexpr std::size_t kFrameCount = sizeof(kMplFrames) / sizeof(kMplFrames[0]);

const TracebackEntry* entry(MplFrame f) {
    static const std::vector<TracebackEntry> entries = library_frame_entries(kMplFrames, kFrameCount, kMplFiles);
    return &entries[static_cast<std::size_t>(f)];
}


const char* dir_text(MplDir d) {
    static const char* const texts[] = {kPyplotDir,  kMatplotlibDir,   kAxesDir,      kFigureDir,   kLine2DDir, kRectangleDir,
                                        kTextDir,    kBarContainerDir, kAxesImageDir, kColorbarDir, kLegendDir};
    return texts[static_cast<int>(d)];
}

std::vector<std::string> dir_words(MplDir d) {
    std::vector<std::string> out;
    for (const char* s = dir_text(d); *s != '\0';) {
        const char* e = std::strchr(s, ' ');
        if (e == nullptr) e = s + std::strlen(s);
        out.emplace_back(s, e);
        s = *e == ' ' ? e + 1 : e;
    }
    return out;
}

}  // namespace

void mpl_missing_attribute(Interp& in, MplDir d, const Value& obj, const std::string& name) {
    const std::vector<std::string> names = dir_words(d);
    const bool module = d == MplDir::pyplot || d == MplDir::matplotlib;
    const std::string owner = d == MplDir::pyplot ? "matplotlib.pyplot" : module ? "matplotlib" : obj.type()->name;
    if (std::find(names.begin(), names.end(), name) != names.end()) {
        // matplotlib has it; the kernel does not
        in.unsupported("matplotlib's " + owner + "." + name, "matplotlib 의 " + owner + "." + name);
    }
    Value exc = in.new_exception(types().attribute_error, {make_str(module ? "module '" + owner + "' has no attribute '" + name + "'"
                                                                           : "'" + owner + "' object has no attribute '" + name + "'")});
    auto* e = exc.as<ExceptionObj>();
    e->attrs = make_dict();
    e->attrs->set_str("name", make_str(name));
    e->attrs->set_str("obj", obj);
    e->suggestion = suggest(name, names);
    in.raise_value(exc);
}

MplFrames::MplFrames(Interp& in, std::initializer_list<MplFrame> frames) : in_(in), size_(in.library_frames.size()) {
    for (MplFrame f : frames) in.library_frames.push_back(entry(f));
}

}  // namespace tlab
