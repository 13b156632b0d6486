#pragma once
/// Method + path template -> handler. Templates are the contract's, slash-separated segments; a segment is a
/// literal ("order", "order:estimate"), a parameter ("{orderId}", typed int32 | int64 | string by the caller)
/// or a parameter with a colon action ("{orderId}:cancel"). Literal segments win over parameters.
/// Unknown path: 404. Known path, other method: 405 with Allow. A typed parameter that does not fit
/// its width: 400 naming the parameter.

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "refserver/core/errors.h"
#include "refserver/core/operation_access.h"

namespace dockside::refserver {

struct RequestContext;
using Handler = std::function<Reply(RequestContext&)>;

/// Decoded path parameters of a matched route.
class PathParams {
public:
    void set(std::string name, std::string value) { values_[std::move(name)] = std::move(value); }
    /// The raw (decoded) text of the parameter; empty when absent.
    const std::string& text(const std::string& name) const;
    /// The value of an int32/int64 parameter; the router has already checked it.
    std::int64_t integer(const std::string& name) const;

private:
    std::map<std::string, std::string> values_;
};

struct Route {
    std::string method;
    std::string pattern;
    OperationAccess access;  ///< its operation id, who may call it, how it holds the store
    Handler handler;

    enum class Kind { Literal, Param, ParamWithAction };
    enum class Type { String, Int32, Int64 };
    struct Segment {
        Kind kind;
        std::string literal;  ///< the literal text, or the action suffix (":cancel")
        std::string name;
        Type type = Type::String;
    };
    std::vector<Segment> segments;
};

/// The types of a route's path parameters, by name; a parameter not named is a string.
using ParameterTypes = std::map<std::string, Route::Type>;

class Router {
public:
    /// Registers a route at `pattern` (an OpenAPI path template, read by specs/loader's template scan); a
    /// template the router cannot serve is recorded in problems() (checked at server start).
    void add(std::string method, std::string pattern, const ParameterTypes& types, OperationAccess access, Handler handler);

    struct Match {
        const Route* route;
        PathParams params;
    };
    Result<Match, ApiError> match(std::string_view method, std::string_view path) const;

    const std::vector<Route>& routes() const { return routes_; }
    const std::vector<std::string>& problems() const { return problems_; }

private:
    std::vector<Route> routes_;
    std::vector<std::string> problems_;
};

}  // namespace dockside::refserver
