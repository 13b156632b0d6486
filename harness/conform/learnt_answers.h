#pragma once
/// What a known-good server's answers showed where the document leaves them open, as `dockside learn`
/// learns it from the exchanges of its run (its HAR) and `conform --profile` holds a new build to it:
///   NS-FILLED-FIELDS     the members its answers always held that the contract does not require
///   NS-RESPONSE-HEADERS  the headers it always sent
///   NS-LIST-ORDER        the order a list came in when the request asked for none
/// Each stance names the operations it was seen on and holds only there. Knows no particular API.

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/conform/suite_api.h"
#include "specs/loader/spec.h"

namespace dockside::conform {

/// The members of a JSON body as dotted paths ("recipient.name"), at most four deep; an array of objects
/// as "products[]" (when it has an item) with the members every one of its items holds ("products[].sku");
/// a body that is an array as "[]" and "[].id". Sorted.
std::vector<std::string> filled_members(const nlohmann::json& body);

/// How the items of a body's list (the body when it is an array of objects, else its first member that is
/// one) are ordered by each key that can order them (id, …_id, …_at, …date; numbers or strings).
enum class Order { Equal, Ascending, Descending, Mixed };
std::map<std::string, Order> list_order(const nlohmann::json& body);

/// Whether a query names a sort (a parameter whose name holds "sort", in any case): such a list came in
/// the order asked for, not in the server's own.
bool asks_order(const std::vector<std::string>& query_names);

/// One answer (2xx) of the learning run.
struct SeenAnswer {
    std::string operation;
    int status = 0;
    std::vector<std::string> headers;  ///< names, any case
    nlohmann::json body;               ///< discarded when not JSON
    bool asked_order = false;
};

/// Gathers the answers of a learning run and says the stances they support.
class AnswerLearner {
public:
    explicit AnswerLearner(const spec::Spec& spec) : spec_(spec) {}
    void add(const SeenAnswer& answer);
    /// The answers of a HAR file as `conform --har` writes it (entries with `_dockside.operation`); an error
    /// says why the file cannot be read.
    Result<int, std::string> add_har(const std::string& path);
    /// The profile lines (indented for `stances:`), each stance with a comment saying how often it held.
    std::string stances_text() const;

private:
    struct Operation {
        int answers = 0;
        std::map<int, int> statuses;
        std::map<std::string, int> members;  ///< member → answers holding it
        std::map<std::string, int> headers;
        int lists = 0;  ///< unsorted lists of two items or more
        std::map<std::string, std::map<Order, int>> order;
    };
    bool required(const std::string& operation, const std::string& member) const;

    const spec::Spec& spec_;
    std::map<std::string, Operation> seen_;
};

/// Holds a 2xx answer to the learnt answer stances of the profile in force where they name its operation;
/// a finding names the stance and the profile, never the contract.
void expect_learnt_answer(const Exchange& ex);

}  // namespace dockside::conform
