// mpl_colors.cpp — matplotlib 3.6's colour names, colour specs, plot format strings, line
// styles, markers and colormap names, with its error messages.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "python/builtins_support.hpp"
#include "python/mpl.hpp"
#include "python/numpy.hpp"
#include "python/strings.hpp"

namespace tlab {

namespace {

// matplotlib.colors.CSS4_COLORS: each lower-case name followed by its upper-case hex value (the
// case tells where a name ends).
const char kCss4[] =
    "aliceblueF0F8FFantiquewhiteFAEBD7aqua00FFFFaquamarine7FFFD4azureF0FFFFbeigeF5F5DCbisqueFFE4C4"
    "black000000blanchedalmondFFEBCDblue0000FFblueviolet8A2BE2brownA52A2AburlywoodDEB887cadetblue5F9EA0"
    "chartreuse7FFF00chocolateD2691EcoralFF7F50cornflowerblue6495EDcornsilkFFF8DCcrimsonDC143Ccyan00FFFF"
    "darkblue00008Bdarkcyan008B8BdarkgoldenrodB8860BdarkgrayA9A9A9darkgreen006400darkgreyA9A9A9"
    "darkkhakiBDB76Bdarkmagenta8B008Bdarkolivegreen556B2FdarkorangeFF8C00darkorchid9932CCdarkred8B0000"
    "darksalmonE9967Adarkseagreen8FBC8Fdarkslateblue483D8Bdarkslategray2F4F4Fdarkslategrey2F4F4F"
    "darkturquoise00CED1darkviolet9400D3deeppinkFF1493deepskyblue00BFFFdimgray696969dimgrey696969"
    "dodgerblue1E90FFfirebrickB22222floralwhiteFFFAF0forestgreen228B22fuchsiaFF00FFgainsboroDCDCDC"
    "ghostwhiteF8F8FFgoldFFD700goldenrodDAA520gray808080green008000greenyellowADFF2Fgrey808080"
    "honeydewF0FFF0hotpinkFF69B4indianredCD5C5Cindigo4B0082ivoryFFFFF0khakiF0E68ClavenderE6E6FA"
    "lavenderblushFFF0F5lawngreen7CFC00lemonchiffonFFFACDlightblueADD8E6lightcoralF08080lightcyanE0FFFF"
    "lightgoldenrodyellowFAFAD2lightgrayD3D3D3lightgreen90EE90lightgreyD3D3D3lightpinkFFB6C1"
    "lightsalmonFFA07Alightseagreen20B2AAlightskyblue87CEFAlightslategray778899lightslategrey778899"
    "lightsteelblueB0C4DElightyellowFFFFE0lime00FF00limegreen32CD32linenFAF0E6magentaFF00FFmaroon800000"
    "mediumaquamarine66CDAAmediumblue0000CDmediumorchidBA55D3mediumpurple9370DBmediumseagreen3CB371"
    "mediumslateblue7B68EEmediumspringgreen00FA9Amediumturquoise48D1CCmediumvioletredC71585"
    "midnightblue191970mintcreamF5FFFAmistyroseFFE4E1moccasinFFE4B5navajowhiteFFDEADnavy000080"
    "oldlaceFDF5E6olive808000olivedrab6B8E23orangeFFA500orangeredFF4500orchidDA70D6palegoldenrodEEE8AA"
    "palegreen98FB98paleturquoiseAFEEEEpalevioletredDB7093papayawhipFFEFD5peachpuffFFDAB9peruCD853F"
    "pinkFFC0CBplumDDA0DDpowderblueB0E0E6purple800080rebeccapurple663399redFF0000rosybrownBC8F8F"
    "royalblue4169E1saddlebrown8B4513salmonFA8072sandybrownF4A460seagreen2E8B57seashellFFF5EE"
    "siennaA0522DsilverC0C0C0skyblue87CEEBslateblue6A5ACDslategray708090slategrey708090snowFFFAFA"
    "springgreen00FF7Fsteelblue4682B4tanD2B48Cteal008080thistleD8BFD8tomatoFF6347turquoise40E0D0"
    "violetEE82EEwheatF5DEB3whiteFFFFFFwhitesmokeF5F5F5yellowFFFF00yellowgreen9ACD32";

// TABLEAU_COLORS in order: "tab:blue" ... (also the default property cycle, C0..C9).
const char* const kTableau[] = {"blue", "orange", "green", "red", "purple", "brown", "pink", "gray", "olive", "cyan"};
const char kCycle[] = "1F77B4FF7F0E2CA02CD627289467BD8C564BE377C27F7F7FBCBD2217BECF";

// The colormaps matplotlib registers (each also reversed, "_r").
const char kCmaps[] =
    "Accent Blues BrBG BuGn BuPu CMRmap Dark2 GnBu Greens Greys OrRd Oranges PRGn Paired Pastel1 Pastel2 PiYG "
    "PuBu PuBuGn PuOr PuRd Purples RdBu RdGy RdPu RdYlBu RdYlGn Reds Set1 Set2 Set3 Spectral Wistia YlGn "
    "YlGnBu YlOrBr YlOrRd afmhot autumn binary bone brg bwr cividis cool coolwarm copper cubehelix flag "
    "gist_earth gist_gray gist_heat gist_ncar gist_rainbow gist_stern gist_yarg gnuplot gnuplot2 gray hot hsv "
    "inferno jet magma nipy_spectral ocean pink plasma prism rainbow seismic spring summer tab10 tab20 tab20b "
    "tab20c terrain turbo twilight twilight_shifted viridis winter ";

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

Rgba from_hex6(const char* h) {
    Rgba c;
    double* out[3] = {&c.r, &c.g, &c.b};
    for (int k = 0; k < 3; ++k) *out[k] = (hex_digit(h[2 * k]) * 16 + hex_digit(h[2 * k + 1])) / 255.0;
    return c;
}

bool css4(const std::string& name, Rgba& out) {
    const char* p = kCss4;
    while (*p != 0) {
        const char* start = p;
        while (*p >= 'a' && *p <= 'z') ++p;
        if (static_cast<std::size_t>(p - start) == name.size() && name.compare(0, name.size(), start, name.size()) == 0) {
            out = from_hex6(p);
            return true;
        }
        p += 6;
    }
    return false;
}

// _colors_full_map[name]: CSS4, "tab:" names (with "grey" for "gray"), the one-letter base colours.
bool named_color(const std::string& name, Rgba& out) {
    if (name.size() == 1) {
        static const char letters[] = "bgrcmykw";
        // BASE_COLORS: b (0, 0, 1), g (0, 0.5, 0), r (1, 0, 0), c (0, 0.75, 0.75), m (0.75, 0, 0.75),
        // y (0.75, 0.75, 0), k black, w white.
        static const double rgb[8][3] = {{0, 0, 1}, {0, 0.5, 0}, {1, 0, 0}, {0, 0.75, 0.75}, {0.75, 0, 0.75},
                                         {0.75, 0.75, 0}, {0, 0, 0}, {1, 1, 1}};
        const char* at = std::strchr(letters, name[0]);
        if (at == nullptr || name[0] == 0) return false;
        const double* v = rgb[at - letters];
        out = Rgba{v[0], v[1], v[2], 1};
        return true;
    }
    if (name.compare(0, 4, "tab:") == 0) {
        std::string rest = name.substr(4);
        if (rest == "grey") rest = "gray";
        for (int k = 0; k < 10; ++k) {
            if (rest == kTableau[k]) {
                out = cycle_color(k);
                return true;
            }
        }
        return false;
    }
    return css4(name, out);
}

[[noreturn]] void value_error(Interp& in, const std::string& msg) { in.raise(types().value_error, msg); }

std::string lower(std::string s) {
    for (char& c : s) {
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    return s;
}

// colors._to_rgba_no_colorcycle for a string.
Rgba str_to_rgba(Interp& in, const std::string& orig) {
    if (lower(orig) == "none") return Rgba{0, 0, 0, 0};
    Rgba out;
    if (named_color(orig, out)) return out;
    if (orig.size() != 1 && named_color(lower(orig), out)) return out;
    if (!orig.empty() && orig[0] == '#') {
        const std::size_t n = orig.size() - 1;
        bool hex = n == 3 || n == 4 || n == 6 || n == 8;
        for (std::size_t k = 1; k < orig.size() && hex; ++k) hex = hex_digit(orig[k]) >= 0;
        if (hex) {
            double v[4] = {0, 0, 0, 255};
            const std::size_t per = n >= 6 ? 2 : 1;
            for (std::size_t k = 0; k < n / per; ++k) {
                const int d = hex_digit(orig[1 + k * per]);
                v[k] = per == 2 ? d * 16 + hex_digit(orig[2 + k * per]) : d * 17;
            }
            return Rgba{v[0] / 255, v[1] / 255, v[2] / 255, v[3] / 255};
        }
    }
    PyResult<double> grey = parse_float(orig, str_repr(orig));
    if (grey.ok()) {
        const double g = grey.value;
        if (!(0 <= g && g <= 1)) {
            value_error(in, "Invalid string grayscale value " + str_repr(orig) + ". Value must be within 0-1 range");
        }
        return Rgba{g, g, g, 1};
    }
    value_error(in, "Invalid RGBA argument: " + str_repr(orig));
}

bool nth_color(const std::string& s, std::int64_t& n) {
    if (s.size() < 2 || s[0] != 'C') return false;
    n = 0;
    for (std::size_t k = 1; k < s.size(); ++k) {
        if (s[k] < '0' || s[k] > '9') return false;
        n = (n * 10 + (s[k] - '0')) % 10;  // only n % 10 matters
    }
    return true;
}

}  // namespace

Rgba cycle_color(std::int64_t n) { return from_hex6(kCycle + 6 * (((n % 10) + 10) % 10)); }

Rgba to_rgba(Interp& in, const Value& c) {
    if (auto* s = c.as<StrObj>()) {
        std::int64_t n;
        if (nth_color(s->s, n)) return cycle_color(n);
        return str_to_rgba(in, s->s);
    }
    std::vector<Value> parts;
    if (c.as<TupleObj>() != nullptr || c.as<ListObj>() != nullptr) {
        parts = in.to_list(c);
    } else if (auto* a = stored(in, c); a != nullptr && a->ndim() >= 1) {
        if (a->ndim() == 2 && a->shape[0] == 1) {
            for (std::int64_t k = 0; k < a->size(); ++k) parts.push_back(a->get_scalar(k));
        } else if (a->ndim() == 1) {
            parts = in.to_list(c);
        } else {
            parts.resize(5);
        }
    } else {
        value_error(in, "Invalid RGBA argument: " + in.repr(c));
    }
    if (parts.size() != 3 && parts.size() != 4) value_error(in, "RGBA sequence should have length 3 or 4");
    double v[4] = {0, 0, 0, 1};
    for (std::size_t k = 0; k < parts.size(); ++k) {
        const Value& x = parts[k];
        if (!(x.is_int_like() || x.is_float() || x.is_np_scalar()) || x.kind() == Kind::np_bool) {
            value_error(in, "Invalid RGBA argument: " + in.repr(c));
        }
        in.to_float(x, v[k]);
    }
    for (double x : v) {
        if (x < 0 || x > 1) value_error(in, "RGBA values should be within 0-1 range");
    }
    return Rgba{v[0], v[1], v[2], v[3]};
}

std::string to_hex(const Rgba& c) {
    // to_hex: round(v * 255) (Python's round: half to even) per channel.
    static const char digits[] = "0123456789abcdef";
    std::string out = "#";
    const double v[4] = {c.r, c.g, c.b, c.a};
    for (int k = 0; k < 4; ++k) {
        const int b = static_cast<int>(std::nearbyint(v[k] * 255));
        if (k == 3 && b == 255) break;
        out += digits[b >> 4];
        out += digits[b & 15];
    }
    return out;
}

PlotFormat parse_plot_format(Interp& in, const std::string& fmt) {
    PlotFormat f;
    // Is fmt just a colour ("red", "0.5", "#ff0000", "C1")? A whole number is the tri marker "1".
    try {
        Value s = make_str(fmt);
        const Rgba c = to_rgba(in, s);
        PyResult<std::int64_t> as_int = parse_int(fmt, 10, str_repr(fmt));
        if (!as_int.ok() || fmt != std::to_string(as_int.value)) {
            f.has_color = true;
            f.color = c;
            f.int_alpha = fmt.size() == 1;
            return f;
        }
    } catch (PyException&) {
    }
    // (raised in Axes._process_plot_format, each at its own line)
    auto bad = [&](const std::string& why, MplFrame at) {
        MplFrames frames(in, {at});
        value_error(in, str_repr(fmt) + " is not a valid format string (" + why + ")");
    };
    static const char kMarkers[] = ".,ov^<>12348sp*hH+xDd|_PX";
    std::size_t i = 0;
    while (i < fmt.size()) {
        const char c = fmt[i];
        const std::string two = fmt.substr(i, 2);
        if (two == "--" || two == "-.") {
            if (!f.linestyle.empty()) bad("two linestyle symbols", MplFrame::base_process_plot_format_174);
            f.linestyle = two;
            i += 2;
        } else if (c == '-' || c == ':' || c == ' ') {
            if (!f.linestyle.empty()) bad("two linestyle symbols", MplFrame::base_process_plot_format_174);
            f.linestyle = std::string(1, c);
            ++i;
        } else if (c != 0 && std::strchr(kMarkers, c) != nullptr) {
            if (!f.marker.empty()) bad("two marker symbols", MplFrame::base_process_plot_format_184);
            f.marker = std::string(1, c);
            ++i;
        } else if (c != 0 && std::strchr("bgrcmykw", c) != nullptr) {
            if (f.has_color) bad("two color symbols", MplFrame::base_process_plot_format_189);
            named_color(std::string(1, c), f.color);
            f.has_color = true;
            f.color_letter = std::string(1, c);
            ++i;
        } else if (c == 'C' && i + 1 < fmt.size()) {
            if (fmt[i + 1] < '0' || fmt[i + 1] > '9') {
                value_error(in, "invalid literal for int() with base 10: " + str_repr(fmt.substr(i + 1, 1)));
            }
            f.color = cycle_color(fmt[i + 1] - '0');
            f.has_color = true;
            i += 2;
        } else {
            // (the character as Python's repr shows it: one code point)
            std::size_t n = 1;
            while (i + n < fmt.size() && (static_cast<unsigned char>(fmt[i + n]) & 0xC0) == 0x80) ++n;
            bad("unrecognized character " + str_repr(fmt.substr(i, n)), MplFrame::base_process_plot_format_197);
        }
    }
    if (f.linestyle.empty() && f.marker.empty()) f.linestyle = "-";  // rcParams["lines.linestyle"]
    if (f.linestyle.empty()) f.linestyle = "None";
    if (f.marker.empty()) f.marker = "None";
    return f;
}

std::string check_linestyle(Interp& in, const Value& v) {
    static const char* const names[][2] = {{"-", "-"},         {"--", "--"},         {"-.", "-."},          {":", ":"},
                                           {"None", "None"},   {" ", "None"},        {"", "None"},          {"solid", "-"},
                                           {"dashed", "--"},   {"dashdot", "-."},    {"dotted", ":"}};
    if (v.is_none()) return "-";
    if (auto* s = v.as<StrObj>()) {
        for (const auto& n : names) {
            if (s->s == n[0]) return n[1];
        }
        if (s->s == "none") return "None";
        value_error(in, str_repr(s->s) + " is not a valid value for ls; supported values are '-', '--', '-.', ':', "
                                         "'None', ' ', '', 'solid', 'dashed', 'dashdot', 'dotted'");
    }
    in.unsupported("matplotlib's dash patterns (linestyle=" + in.repr(v) + ")",
                   "matplotlib 의 점선 패턴 (linestyle=" + in.repr(v) + ")");
}

std::string check_marker(Interp& in, const Value& v) {
    if (v.is_none()) return "None";
    if (auto* s = v.as<StrObj>()) {
        static const char* const names[] = {".", ",", "o", "v", "^", "<", ">", "1", "2", "3", "4", "8", "s",
                                            "p", "*", "h", "H", "+", "x", "D", "d", "|", "_", "P", "X",
                                            "None", "none", " ", ""};
        for (const char* n : names) {
            if (s->s == n) return s->s;
        }
        if (s->s.size() >= 2 && s->s.front() == '$' && s->s.back() == '$') {
            in.unsupported("matplotlib's text markers", "matplotlib 의 글자 마커");
        }
        value_error(in, "Unrecognized marker style " + str_repr(s->s));
    }
    if (v.is_int() && v.as_int() >= 0 && v.as_int() <= 11) return std::to_string(v.as_int());
    in.unsupported("this matplotlib marker (" + in.repr(v) + ")", "이 matplotlib 마커 (" + in.repr(v) + ")");
}

bool is_cmap_name(const std::string& name) {
    std::string base = name;
    if (base.size() > 2 && base.compare(base.size() - 2, 2, "_r") == 0) base.resize(base.size() - 2);
    if (base.empty() || base.find(' ') != std::string::npos) return false;
    const std::string key = " " + base + " ";
    return (std::string(" ") + kCmaps).find(key) != std::string::npos;
}

std::string cmap_names_listed() {
    // sorted(names) where "X_r" follows "X" directly unless another name starts with "X" and
    // sorts before "_r" (only "PuBu": "PuBuGn" < "PuBu_r"; "YlGn": "YlGnBu" < "YlGn_r"; "gnuplot2").
    std::vector<std::string> names;
    const char* p = kCmaps;
    while (*p != 0) {
        const char* e = std::strchr(p, ' ');
        names.emplace_back(p, e);
        names.emplace_back(std::string(p, e) + "_r");
        p = e + 1;
    }
    std::sort(names.begin(), names.end());
    std::string out;
    for (const std::string& n : names) out += (out.empty() ? "'" : ", '") + n + "'";
    return out;
}

}  // namespace tlab
