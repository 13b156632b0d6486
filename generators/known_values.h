#pragma once
/// Values the target already holds, for the places of a request whose schema says where real ones come
/// from: `x-values-from: {operation: listInventory, field: inventory_id}` on a property or parameter schema
/// names a list operation of the contract and the field of its items. A schema-valid id the target has
/// no record of is answered 4xx, rightly; drawing some ids from the target lets part of the valid
/// requests name real records and be served. Nothing here names an operation: the data does.

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "specs/loader/spec.h"

namespace dockside::generators {

/// One `x-values-from`: the list operation to read and the field of each of its items ("variant.id" goes
/// through objects, and through arrays on the way: "products.id" is every product's id).
struct ValueSource {
    std::string operation;
    std::string field;
    /// Which items to read it from, as the data writes it (`where: {variant.is_digital: false}`: a field
    /// path as `field` takes one, and the value it must hold), dumped; "" reads every item.
    std::string where;

    auto operator<=>(const ValueSource&) const = default;
};

/// What was read per source, grouped by the list item each value came from (an order's shipment ids
/// together), so that the values of one request can come from one item: a shipment id drawn beside an
/// order id is one of that order's. A source the target gave nothing for is absent or empty.
using KnownValues = std::map<ValueSource, std::vector<std::vector<nlohmann::json>>>;

/// The source a schema names, or nothing when it names none (or names one without both members).
std::optional<ValueSource> value_source_of(const nlohmann::json& schema);

/// Every source named under the operation's query and path parameters and its request body (`$ref`s,
/// items, properties and allOf/anyOf/oneOf followed), each once, in the order first met.
std::vector<ValueSource> value_sources(const spec::Spec& spec, const spec::Operation& operation);

/// The values at `field` of every item of a list answer: the answer itself when it is an array, else a
/// page's "items" (or its only array member). Nulls and absent fields give nothing. With `where` (a
/// ValueSource's), only the items that hold every value it names.
std::vector<nlohmann::json> values_at(const nlohmann::json& answer, const std::string& field, const std::string& where = "");
/// The same values, one group per item of the list (an item without any gives an empty group, so that
/// the groups of two sources of one list line up).
std::vector<std::vector<nlohmann::json>> values_by_item(const nlohmann::json& answer, const std::string& field,
                                                        const std::string& where = "");

/// The ids, in `list_answer` (an answer of `list_operation`), that `operation`'s request may name: the
/// values of the first source of its request that reads that list, with the filter the data gives it
/// (returnable inventory: `x-values-from` of a return line). Values that are not positive integers are
/// left out; empty when the operation reads no such list.
std::vector<std::int64_t> listed_ids_for(const spec::Spec& spec, const std::string& operation,
                                         const std::string& list_operation, const nlohmann::json& list_answer);

/// What one target holds, as one unit: each list operation read once, on first ask, through the caller's
/// reader (a conform worker's client, a load run's connection), then every source and id drawn from that
/// answer. One per session: the schema phase, the rule checks, the suites and load ask it, so the target's
/// lists are read once and filtered the one way the data states.
class TargetHoldings {
public:
    /// The list operation's answer, nullopt when it could not be read (the reader says nothing of why).
    using ListReader = std::function<std::optional<nlohmann::json>(const std::string& list_operation)>;
    TargetHoldings(const spec::Spec& spec, ListReader read) : spec_(spec), read_(std::move(read)) {}

    /// The list's answer, read on the first ask; nullopt when it could not be read.
    const std::optional<nlohmann::json>& list(const std::string& list_operation);
    /// The list's items (a page's "items"): empty when it could not be read.
    std::vector<nlohmann::json> items(const std::string& list_operation);
    /// Every source the operation's request names, with what the target gave for each (values_by_item).
    std::shared_ptr<const KnownValues> for_operation(const spec::Operation& operation);
    /// listed_ids_for over the held list: the ids `operation`'s request may name from `list_operation`.
    std::vector<std::int64_t> ids_for(const std::string& operation, const std::string& list_operation);

private:
    const spec::Spec& spec_;
    ListReader read_;
    std::map<std::string, std::optional<nlohmann::json>> lists_;
};

}  // namespace dockside::generators
