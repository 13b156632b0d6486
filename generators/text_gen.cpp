#include "generators/text_gen.h"

#include <algorithm>
#include <array>
#include <vector>

#include <rapidcheck/detail/Configuration.h>
#include <rapidcheck/shrink/Shrink.h>
#include <rapidcheck/shrinkable/Create.h>

namespace dockside::generators {

namespace {

// Multi-byte characters a merchant might really type: accented Latin, Greek, Cyrillic, CJK, emoji.
// Each is one code point; the byte count is what makes them interesting at a limit.
const std::vector<std::string> kMultibyte = {
    "é", "ü", "ñ", "ß", "Å", "ø", "ç", "Ω", "λ", "Ж", "я",        // 2 bytes
    "漢", "字", "東", "京", "€", "™", "ア", "한",                  // 3 bytes
    "😀", "📦", "🚚", "𝄞",                                        // 4 bytes
};

const std::vector<std::string> kWords = {
    "north", "harbor", "supply", "coffee", "garden", "studio", "maple", "river", "outdoor", "gear",
    "blue", "market", "atelier", "crafts", "summit", "pantry", "ceramic", "linen", "urban", "forge",
};

const std::string kAsciiAlphabet =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.,'&#/";
const std::string kIdAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789";

std::string join(const std::vector<std::string>& parts, std::string_view separator = "") {
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i > 0) out += separator;
        out += parts[i];
    }
    return out;
}

std::string two_digits(int value) {
    return (value < 10 ? "0" : "") + std::to_string(value);
}

bool leap(int year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

int days_in_month(int year, int month) {
    static constexpr std::array<int, 12> kDays{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return month == 2 && leap(year) ? 29 : kDays[static_cast<std::size_t>(month - 1)];
}

// Year, month and day drawn together so the day always exists (Feb 29 only in leap years).
rc::Gen<std::string> gen_calendar_date() {
    return rc::gen::mapcat(
        rc::gen::tuple(rc::gen::inRange(2000, 2036), rc::gen::inRange(1, 13)), [](std::tuple<int, int> ym) {
            // Named copies, not a structured binding: clang 14 (the fuzz preset) cannot capture bindings.
            const int year = std::get<0>(ym), month = std::get<1>(ym);
            return rc::gen::map(gen_int_in(1, days_in_month(year, month)), [year, month](std::int64_t day) {
                return std::to_string(year) + "-" + two_digits(month) + "-" + two_digits(static_cast<int>(day));
            });
        });
}

}  // namespace

std::size_t code_points(std::string_view utf8) {
    std::size_t count = 0;
    for (unsigned char byte : utf8)
        if ((byte & 0xC0) != 0x80) ++count;
    return count;
}

rc::Gen<std::string> gen_ascii_char() {
    return rc::gen::map(rc::gen::elementOf(kAsciiAlphabet), [](char c) { return std::string(1, c); });
}

rc::Gen<std::string> gen_multibyte_char() { return rc::gen::elementOf(kMultibyte); }

rc::Gen<std::string> gen_char() {
    return rc::gen::weightedOneOf<std::string>({{6, gen_ascii_char()}, {1, gen_multibyte_char()}});
}

rc::Gen<std::string> gen_text(std::size_t min, std::size_t max) {
    if (max < min) max = min;
    return rc::gen::mapcat(gen_int_in(static_cast<std::int64_t>(min), static_cast<std::int64_t>(max)),
                           [](std::int64_t count) {
                               return rc::gen::map(
                                   rc::gen::container<std::vector<std::string>>(static_cast<std::size_t>(count),
                                                                                gen_char()),
                                   [](const std::vector<std::string>& chars) { return join(chars); });
                           });
}

rc::Gen<std::string> gen_words(std::size_t min_words, std::size_t max_words) {
    return rc::gen::mapcat(gen_int_in(static_cast<std::int64_t>(min_words), static_cast<std::int64_t>(max_words)),
                           [](std::int64_t count) {
                               return rc::gen::map(rc::gen::container<std::vector<std::string>>(
                                                       static_cast<std::size_t>(count), rc::gen::elementOf(kWords)),
                                                   [](const std::vector<std::string>& words) {
                                                       return join(words, " ");
                                                   });
                           });
}

rc::Gen<std::string> gen_identifier(std::string prefix) {
    return rc::gen::map(rc::gen::container<std::string>(6, rc::gen::elementOf(kIdAlphabet)),
                        [prefix](const std::string& tail) { return prefix + tail; });
}

rc::Gen<std::string> gen_date_time() {
    auto fraction = rc::gen::weightedOneOf<std::string>(
        {{3, rc::gen::just(std::string())},
         {1, rc::gen::map(rc::gen::container<std::string>(3, rc::gen::elementOf(std::string("0123456789"))),
                          [](const std::string& digits) { return "." + digits; })}});
    auto offset = rc::gen::weightedOneOf<std::string>(
        {{3, rc::gen::just(std::string("Z"))},
         {1, rc::gen::apply(
                 [](char sign, int hours, int minutes) {
                     return std::string(1, sign) + two_digits(hours) + ":" + two_digits(minutes);
                 },
                 rc::gen::element('+', '-'), rc::gen::inRange(0, 15), rc::gen::element(0, 30, 45))}});
    return rc::gen::apply(
        [](const std::string& date, int h, int m, int s, const std::string& frac, const std::string& off) {
            return date + "T" + two_digits(h) + ":" + two_digits(m) + ":" + two_digits(s) + frac + off;
        },
        gen_calendar_date(), rc::gen::inRange(0, 24), rc::gen::inRange(0, 60), rc::gen::inRange(0, 60), fraction,
        offset);
}

rc::Gen<std::string> gen_date() { return gen_calendar_date(); }

rc::Gen<std::string> gen_email() {
    return rc::gen::apply(
        [](const std::string& user, int number, const std::string& domain) {
            return user + std::to_string(number) + "@" + domain + ".example.com";
        },
        rc::gen::elementOf(kWords), rc::gen::inRange(1, 1000), rc::gen::elementOf(kWords));
}

rc::Gen<std::string> gen_https_url() {
    return rc::gen::apply(
        [](const std::string& host, int shop, const std::string& path, const std::string& tail) {
            return "https://" + host + ".shop-" + std::to_string(shop) + ".example.com/" + path + "/" + tail;
        },
        rc::gen::elementOf(kWords), rc::gen::inRange(1, 100), rc::gen::element<std::string>("hooks", "fulfillment", "events"),
        rc::gen::container<std::string>(4, rc::gen::elementOf(std::string("abcdefghijklmnopqrstuvwxyz0123456789"))));
}

rc::Gen<std::int64_t> gen_int_in(std::int64_t min, std::int64_t max) {
    if (max <= min) return rc::gen::just(min);
    // inRange excludes its upper end, so the maximum comes from its own branch. RapidCheck never shrinks
    // the choice of a weightedOneOf branch, so the maximum must shrink by itself: a failure first found
    // at the maximum is then still reported as the smallest value that fails (the first length past a
    // limit that a server accepts, say), not as the maximum (it was, one run in eight).
    const rc::Gen<std::int64_t> max_shrinking_to_min([min, max](const rc::Random&, int) {
        return rc::shrinkable::shrinkRecur(max, [min](std::int64_t x) { return rc::shrink::towards(x, min); });
    });
    return rc::gen::weightedOneOf<std::int64_t>(
        {{1, rc::gen::just(min)}, {1, max_shrinking_to_min}, {6, rc::gen::inRange<std::int64_t>(min, max)}});
}

}  // namespace dockside::generators
