#include "refserver/core/contract_limits.h"

#include <mutex>
#include <optional>
#include <string_view>
#include <type_traits>

#include "specs/loader/spec.h"
#include "specs/loader/spec_location.h"

namespace dockside::refserver {
namespace {

/// Looks limits up by reference and keeps every miss, so one start names all of them.
class LimitReader {
public:
    explicit LimitReader(const spec::Spec& spec) : spec_(spec), limits_(spec.limits()) {}

    /// Text bounds: maxLength required, minLength when documented (no minLength means none, 0).
    Bounds text(std::string_view reference) {
        auto field = lookup(limits_.field(reference));
        if (!field) return {};
        Bounds out;
        if (auto min = field->min_length()) out.min = *min;
        out.max = take(field->max_length());
        return out;
    }
    /// Both minLength and maxLength required.
    Bounds text_range(std::string_view reference) {
        auto field = lookup(limits_.field(reference));
        if (!field) return {};
        return {take(field->min_length()), take(field->max_length())};
    }
    std::int64_t min_length(std::string_view reference) {
        auto field = lookup(limits_.field(reference));
        return field ? take(field->min_length()) : 0;
    }
    std::int64_t min_items(std::string_view reference) {
        auto field = lookup(limits_.field(reference));
        return field ? take(field->min_items()) : 0;
    }
    /// An integer parameter's minimum and maximum, both required.
    Bounds param_range(std::string_view operation, std::string_view name) {
        auto field = lookup(limits_.param(operation, name));
        if (!field) return {};
        return {take(field->minimum()), take(field->maximum())};
    }

    /// The integer value of the rules data's `default` check on a field ("Schema.field") or, with
    /// `operation`, on that operation's parameter.
    std::int64_t integer_default(std::string_view name, std::string_view operation = "") {
        for (const auto& check : spec_.checks()) {
            if (check.type != "default") continue;
            const auto& p = check.params;
            const bool match = operation.empty() ? p.value("field", "") == name
                                                 : p.value("operation", "") == operation && p.value("param", "") == name;
            if (match && p.contains("value") && p["value"].is_number_integer()) return p["value"].get<std::int64_t>();
        }
        const std::string what = operation.empty() ? std::string(name) : std::string(operation) + "." + std::string(name);
        problems.push_back("contract limits: " + what + ": the rules data states no integer default (a check " +
                           "{type: default, value: N})");
        return 0;
    }
    /// The values of a field's enum (of its items for an array), each of type T (an integer or a string).
    template <class T>
    std::vector<T> enum_values(std::string_view reference) {
        constexpr bool integers = std::is_integral_v<T>;
        std::vector<T> out;
        for (const auto& v : enum_of(reference)) {
            if (integers ? v.is_number_integer() : v.is_string()) out.push_back(v.get<T>());
            else problems.push_back("contract limits: " + std::string(reference) + ": enum value " + v.dump() + " is not " +
                                    (integers ? "an integer" : "a string"));
        }
        return out;
    }
    /// A positive integer parameter of the rules data's check {type: <type>, aspect: <aspect>}.
    std::int64_t check_integer(std::string_view type, std::string_view aspect, const std::string& key) {
        for (const auto& check : spec_.checks()) {
            if (check.type != type || check.params.value("aspect", "") != aspect) continue;
            auto it = check.params.find(key);
            if (it != check.params.end() && it->is_number_integer() && it->get<std::int64_t>() > 0) return it->get<std::int64_t>();
        }
        problems.push_back("contract limits: the rules data states no positive " + key + " in a check {type: " +
                           std::string(type) + ", aspect: " + std::string(aspect) + "}");
        return 0;
    }
    /// An integer field's minimum and maximum, both required.
    Bounds value_range(std::string_view reference) {
        auto field = lookup(limits_.field(reference));
        if (!field) return {};
        return {take(field->minimum()), take(field->maximum())};
    }

    std::vector<std::string> problems;

private:
    std::vector<nlohmann::json> enum_of(std::string_view reference) {
        auto field = lookup(limits_.field(reference));
        if (!field) return {};
        auto values = field->enum_values();
        if (values && !values->empty()) return *values;
        problems.push_back("contract limits: " + (values ? std::string(reference) + ": the enum lists no value"
                                                         : values.error().to_string()));
        return {};
    }
    std::optional<spec::FieldLimits> lookup(Result<spec::FieldLimits, spec::LookupError> found) {
        if (found) return std::move(found).value();
        problems.push_back("contract limits: " + found.error().to_string());
        return std::nullopt;
    }
    std::int64_t take(Result<std::int64_t, spec::LookupError> value) {
        if (value) return *value;
        problems.push_back("contract limits: " + value.error().to_string());
        return 0;
    }

    const spec::Spec& spec_;
    spec::Limits limits_;
};

OrderLimits read_orders(LimitReader& r) {
    OrderLimits o;
    o.gift_message = r.text("OrderCreateRequest.gift_message");
    o.order_number = r.text("OrderCreateRequest.order_number");
    o.reference_id = r.text_range("OrderCreateRequest.reference_id");
    o.origin_platform_program = r.text("OrderCreateRequest.origin_platform_program");
    o.sales_channel = r.text("OrderCreateRequest.sales_channel");
    o.shipping_method = {r.min_length("OrderCreateRequest.shipping_method"), INT64_MAX};
    o.min_products = r.min_items("OrderCreateRequest.products");
    o.list_page = r.param_range("listOrders", "Page");
    o.list_limit = r.param_range("listOrders", "Limit");
    return o;
}

BillingLimits read_billing(LimitReader& r) {
    BillingLimits b;
    b.query = {r.value_range("TransactionQuery.page_size"), r.integer_default("TransactionQuery.page_size")};
    b.invoice_transactions = {r.param_range("listInvoiceTransactions", "PageSize"),
                              r.integer_default("PageSize", "listInvoiceTransactions")};
    return b;
}

ChannelLimits read_channels(LimitReader& r) {
    return {r.integer_default("RecordsPerPage", "listChannels")};
}

ShipmentLimits read_shipments(LimitReader& r, const OrderLimits& orders) {
    ShipmentLimits s{r.text("Shipment.gift_message")};
    // A shipment shows its order's gift message, so an order may not hold a longer one than a shipment shows.
    if (s.gift_message.max && orders.gift_message.max > s.gift_message.max)
        r.problems.push_back("contract limits: Shipment.gift_message allows " + std::to_string(s.gift_message.max) +
                             " characters, fewer than OrderCreateRequest.gift_message (" +
                             std::to_string(orders.gift_message.max) + "), and a shipment shows its order's gift message");
    return s;
}

ReturnLimits read_returns(LimitReader& r) {
    return {r.param_range("listReturns", "Cursor")};
}

VariantLimits read_variants(LimitReader& r) {
    return {r.enum_values<std::int64_t>("VariantBatchUpdateRequest.status"),
            r.enum_values<std::int64_t>("VariantBatchUpdateRequest.reviews_pending")};
}

WebhookLimits read_webhooks(LimitReader& r) {
    return {r.min_items("WebhookCreateRequest.topics"), r.enum_values<std::string>("WebhookCreateRequest.topics")};
}

AuthLimits read_auth(LimitReader& r) {
    return {r.check_integer("auth", "lifetime", "access_token_seconds"), r.check_integer("auth", "lifetime", "refresh_token_seconds")};
}

}  // namespace

TextLimit text_limit(const Bounds& bounds, std::string rule, bool looser) {
    return {static_cast<std::size_t>(bounds.min), static_cast<std::size_t>(bounds.max) + (looser ? 1u : 0u),
            std::move(rule)};
}

Result<ContractLimits, std::vector<std::string>> ContractLimits::read(const spec::Spec& spec) {
    LimitReader reader(spec);
    ContractLimits out;
    out.orders = read_orders(reader);
    out.billing = read_billing(reader);
    out.channels = read_channels(reader);
    out.shipments = read_shipments(reader, out.orders);
    out.returns = read_returns(reader);
    out.variants = read_variants(reader);
    out.webhooks = read_webhooks(reader);
    out.auth = read_auth(reader);
    if (!reader.problems.empty()) return fail(std::move(reader.problems));
    return out;
}

Result<SimulationLimits, std::vector<std::string>> SimulationLimits::read(const spec::Spec& control) {
    LimitReader reader(control);
    SimulationLimits out{reader.text_range("SimProductCreate.label"),
                         reader.text_range("SimWroCreate.purchase_order_number")};
    if (!reader.problems.empty()) return fail(std::move(reader.problems));
    return out;
}

Result<ContractLimits, std::vector<std::string>> ContractLimits::of_default_spec() {
    static std::once_flag once;
    static std::optional<Result<ContractLimits, std::vector<std::string>>> cached;
    std::call_once(once, [] {
        auto loaded = spec::default_spec();
        if (loaded) cached.emplace(read(**loaded));
        else cached.emplace(fail(std::vector<std::string>{"the contract does not load: " + loaded.error().to_string()}));
    });
    return *cached;
}

}  // namespace dockside::refserver
