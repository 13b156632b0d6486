#include "refserver/core/router.h"

#include <algorithm>
#include <array>
#include <limits>

#include "core/url_escapes.h"
#include "refserver/core/query.h"
#include "specs/loader/path_template.h"

namespace dockside::refserver {
namespace {

std::vector<std::string_view> split_path(std::string_view path) {
    std::vector<std::string_view> out;
    out.reserve(8);
    if (path.empty() || path.front() != '/') return out;
    path.remove_prefix(1);
    while (true) {
        auto slash = path.find('/');
        out.push_back(path.substr(0, slash));
        if (slash == std::string_view::npos) break;
        path.remove_prefix(slash + 1);
    }
    return out;
}

// How a concrete segment fits a template segment: 2 literal, 1 parameter with action,
// 0 plain parameter, -1 no fit.
int fit(const Route::Segment& seg, std::string_view text, std::string_view& value) {
    switch (seg.kind) {
        case Route::Kind::Literal:
            return text == seg.literal ? 2 : -1;
        case Route::Kind::ParamWithAction:
            if (text.size() <= seg.literal.size() || text.substr(text.size() - seg.literal.size()) != seg.literal)
                return -1;
            value = text.substr(0, text.size() - seg.literal.size());
            return value.find(':') == std::string_view::npos ? 1 : -1;
        case Route::Kind::Param:
            value = text;
            return !text.empty() && text.find(':') == std::string_view::npos ? 0 : -1;
    }
    return -1;
}

/// More segments than any route of the contract has: a longer path matches none.
constexpr std::size_t kMaxSegments = 12;

struct Candidate {
    const Route* route;
    std::array<int, kMaxSegments> score{};  ///< fit() of each segment; compared as a whole, most specific first
    PathParams params;
    std::optional<ApiError> type_error;
};

std::optional<ApiError> check_type(const Route::Segment& seg, const std::string& value) {
    if (seg.type == Route::Type::String) return std::nullopt;
    auto v = parse_int64(value);
    std::int64_t lo = seg.type == Route::Type::Int32 ? std::numeric_limits<std::int32_t>::min()
                                                     : std::numeric_limits<std::int64_t>::min();
    std::int64_t hi = seg.type == Route::Type::Int32 ? std::numeric_limits<std::int32_t>::max()
                                                     : std::numeric_limits<std::int64_t>::max();
    if (v && *v >= lo && *v <= hi) return std::nullopt;
    return validation_error(seg.name,
                            "path parameter " + seg.name + " must be an " +
                                (seg.type == Route::Type::Int32 ? "int32" : "int64") + " integer, got " + quoted_excerpt(value),
                            "CONV-TYPES");
}

std::optional<Candidate> try_route(const Route& route, const std::vector<std::string_view>& parts) {
    if (route.segments.size() != parts.size() || parts.size() > kMaxSegments) return std::nullopt;
    // Every segment is fitted before anything is kept: most routes fail on a literal, and every request
    // tries them all.
    Candidate c{&route, {}, {}, std::nullopt};
    std::array<std::string_view, kMaxSegments> values;
    for (std::size_t i = 0; i < parts.size(); ++i)
        if ((c.score[i] = fit(route.segments[i], parts[i], values[i])) < 0) return std::nullopt;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const std::string_view value = values[i];
        if (route.segments[i].kind != Route::Kind::Literal) {
            auto decoded = percent_decode(value, false);
            if (!decoded) decoded = std::string(value);
            if (!c.type_error) c.type_error = check_type(route.segments[i], *decoded);
            c.params.set(route.segments[i].name, std::move(*decoded));
        }
    }
    return c;
}

}  // namespace

const std::string& PathParams::text(const std::string& name) const {
    static const std::string empty;
    auto it = values_.find(name);
    return it == values_.end() ? empty : it->second;
}

std::int64_t PathParams::integer(const std::string& name) const { return parse_int64(text(name)).value_or(0); }

void Router::add(std::string method, std::string pattern, const ParameterTypes& types, OperationAccess access, Handler handler) {
    Route route{std::move(method), pattern, std::move(access), std::move(handler), {}};
    for (auto part : split_path(pattern)) {
        // The loader's scan of one segment: literal text and {parameters}, in order.
        const auto pieces = spec::template_pieces(part);
        Route::Segment seg{Route::Kind::Literal, std::string(part), {}, Route::Type::String};
        if (!pieces.empty() && pieces.front().parameter) {
            seg.name = pieces.front().text;
            if (const auto it = types.find(seg.name); it != types.end()) seg.type = it->second;
            if (pieces.size() == 1) {
                seg.kind = Route::Kind::Param;
                seg.literal.clear();
            } else if (pieces.size() == 2 && !pieces[1].parameter && pieces[1].text.front() == ':') {
                seg.kind = Route::Kind::ParamWithAction;
                seg.literal = pieces[1].text;
            } else {
                problems_.push_back("text after a parameter must be a colon action in route " + pattern);
            }
        } else if (pieces.size() > 1) {
            problems_.push_back("a parameter must start its segment in route " + pattern);
        }
        route.segments.push_back(std::move(seg));
    }
    if (route.segments.empty()) problems_.push_back("route must start with '/': " + pattern);
    for (const auto& r : routes_)
        if (r.method == route.method && r.pattern == route.pattern)
            problems_.push_back("duplicate route " + route.method + " " + pattern);
    routes_.push_back(std::move(route));
}

Result<Router::Match, ApiError> Router::match(std::string_view method, std::string_view path) const {
    auto parts = split_path(path);
    std::vector<Candidate> candidates;
    candidates.reserve(4);
    for (const auto& r : routes_)
        if (auto c = try_route(r, parts)) candidates.push_back(std::move(*c));
    if (candidates.empty()) return fail(not_found("no operation at " + quoted_excerpt(path)));

    // The most specific template wins; its methods form the path's Allow set.
    auto best = std::max_element(candidates.begin(), candidates.end(),
                                 [](const Candidate& a, const Candidate& b) { return a.score < b.score; });
    std::vector<Candidate*> same;
    for (auto& c : candidates)
        if (c.route->pattern == best->route->pattern) same.push_back(&c);
    for (auto* c : same) {
        if (c->route->method != method) continue;
        if (c->type_error) return fail(*c->type_error);
        return Match{c->route, std::move(c->params)};
    }
    // A path whose parameters do not even type-check under any method is not one of ours
    // (e.g. the 2.0 path POST /order/estimate must be 404, not 405).
    if (std::all_of(same.begin(), same.end(), [](const Candidate* c) { return c->type_error.has_value(); }))
        return fail(not_found("no operation at " + quoted_excerpt(path)));
    std::string allow;
    for (auto* c : same) allow += (allow.empty() ? "" : ", ") + c->route->method;
    return fail(method_not_allowed(allow));
}

}  // namespace dockside::refserver
