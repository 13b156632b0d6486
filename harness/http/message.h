#pragma once
/// Plain HTTP messages shared by the client, the server transport, the validator and the reference
/// server's handlers. Deliberately free of Beast types so that code which only inspects or builds
/// messages never pays Beast's compile cost.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dockside::http {

struct Header {
    std::string name;
    std::string value;
};

/// Header list with case-insensitive lookup; order and duplicates are preserved as sent.
class Headers {
public:
    Headers() = default;
    Headers(std::initializer_list<Header> headers) : items_(headers) {}

    /// First value of the named header, if present.
    std::optional<std::string_view> get(std::string_view name) const;
    bool has(std::string_view name) const { return get(name).has_value(); }
    /// Replaces every header of that name with one value.
    void set(std::string_view name, std::string value);
    void add(std::string name, std::string value);
    void remove(std::string_view name);

    const std::vector<Header>& items() const { return items_; }
    auto begin() const { return items_.begin(); }
    auto end() const { return items_.end(); }
    bool empty() const { return items_.empty(); }

private:
    std::vector<Header> items_;
};

bool iequals(std::string_view a, std::string_view b);

/// Whether a response header is one every answer varies in or that belongs to the connection (Date,
/// Content-Length, Connection, Keep-Alive, Transfer-Encoding): not one a client comes to depend on.
bool varies_per_answer(std::string_view header);

struct Request {
    std::string method;   ///< upper case, e.g. "GET"
    std::string target;   ///< origin form: path plus optional "?query"
    Headers headers;
    std::string body;

    /// The target without its query string.
    std::string_view path() const;
    /// The query string without the leading '?', empty when there is none.
    std::string_view query() const;
};

/// The media type of a Content-Type value without its parameters, lower-cased ("application/json").
std::string media_type(std::string_view content_type);

struct Response {
    int status = 0;
    Headers headers;
    std::string body;
    /// How the exchange's time was spent, in milliseconds (HAR's send, wait and receive): writing the
    /// request, waiting for the response's head, reading its body. Zero for a response not read off a socket.
    struct Timings {
        double send_ms = 0, wait_ms = 0, receive_ms = 0;
    } timings{};

    /// The media type of Content-Type without parameters, lower-cased ("application/json").
    std::string media_type() const;
};

/// "200 OK"-style reason phrase for a status code; empty for codes it does not know.
std::string_view reason_phrase(int status);

}  // namespace dockside::http
