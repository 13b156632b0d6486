// A field that names another record (x-names: a shipment's order_id and reference_id name its order) is
// judged against that record only where the run holds it: a record the run made, at the root of an answer.
#include "harness/conform/named_records.h"

#include <map>

#include <gtest/gtest.h>

#include "harness/tests/support/contract.h"

namespace dockside::conform {
namespace {

using nlohmann::json;

class NamedRecordsTest : public ::testing::Test {
protected:
    const spec::Operation& op(const std::string& id) { return *spec_->find(id); }
    static json shipment(json order_id, json reference_id) { return {{"id", 7}, {"order_id", order_id}, {"reference_id", reference_id}}; }
    std::vector<NameDisagreement> judge_shipment(const NamedRecords& records, json order_id, json reference_id) {
        return records.judge(op("getOrderShipment"), 200, shipment(std::move(order_id), std::move(reference_id)));
    }

    const spec::Spec* spec_ = &dockside::testing::contract();
};

TEST_F(NamedRecordsTest, TheContractMarksWhatAShipmentNames) {
    std::map<std::string, std::string> named;
    for (const auto& r : spec_->record_references()) named[r.schema + "." + r.property] = r.record + "." + r.field + " " + r.rule;
    EXPECT_EQ(named["Shipment.order_id"], "Order.id ORD-ROUNDTRIP");
    EXPECT_EQ(named["Shipment.reference_id"], "Order.reference_id ORD-ROUNDTRIP");
    EXPECT_TRUE(spec_->check().empty());
}

TEST_F(NamedRecordsTest, AFieldNamingAHeldRecordMustAgreeWithIt) {
    NamedRecords records(*spec_);
    records.hold(op("createOrder"), 201, {{"id", 12}, {"reference_id", "DS-O-run1-1"}, {"shipments", json::array()}}, "run1");
    EXPECT_TRUE(judge_shipment(records, 12, "DS-O-run1-1").empty());

    auto wrong_reference = judge_shipment(records, 12, "SEED-5001");
    ASSERT_EQ(wrong_reference.size(), 1u);
    EXPECT_EQ(wrong_reference[0].reference.property, "reference_id");
    EXPECT_EQ(wrong_reference[0].pointer, "/reference_id");
    EXPECT_EQ(wrong_reference[0].expected, "DS-O-run1-1");
    EXPECT_EQ(wrong_reference[0].actual, "SEED-5001");
    EXPECT_EQ(wrong_reference[0].record_id, 12);

    // Found by its reference_id, the order held names the id the shipment should carry.
    auto wrong_id = judge_shipment(records, 5001, "DS-O-run1-1");
    ASSERT_EQ(wrong_id.size(), 1u);
    EXPECT_EQ(wrong_id[0].reference.property, "order_id");
    EXPECT_EQ(wrong_id[0].expected, 12);
}

TEST_F(NamedRecordsTest, ShipmentsInsideAnAnswerAreJudgedWhereTheyAre) {
    NamedRecords records(*spec_);
    const json order = {{"id", 12}, {"reference_id", "DS-O-run1-1"},
                        {"shipments", json::array({shipment(12, "DS-O-run1-1"), shipment(12, nullptr)})}};
    records.hold(op("createOrder"), 201, order, "run1");
    auto found = records.judge(op("createOrder"), 201, order);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].pointer, "/shipments/1/reference_id");
}

TEST_F(NamedRecordsTest, ARecordTheRunDoesNotHoldIsNotJudged) {
    NamedRecords records(*spec_);
    // The target's own order, read back: not made by the run, not held.
    records.hold(op("getOrder"), 200, {{"id", 5001}, {"reference_id", "SEED-5001"}}, "run1");
    // A shipment the run holds no order of, whatever it says.
    EXPECT_TRUE(judge_shipment(records, 5001, "SEED-5002").empty());
    records.hold(op("createOrder"), 201, {{"id", 12}, {"reference_id", "DS-O-run1-1"}}, "run1");
    EXPECT_TRUE(judge_shipment(records, 13, "DS-O-run1-2").empty());
    EXPECT_TRUE(judge_shipment(records, 13, nullptr).empty());
}

}  // namespace
}  // namespace dockside::conform
