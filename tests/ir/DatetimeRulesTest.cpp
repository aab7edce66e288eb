//===- DatetimeRulesTest.cpp - datetime64/timedelta64 types and rules ----===//
#include "pyjit/ir/DatetimeRules.h"
#include "pyjit/ir/Signature.h"
#include <gtest/gtest.h>

using namespace pyjit;
using namespace pyjit::ir;
using ast::BinaryOp;

TEST(DatetimeRulesTest, UnitFactors) {
  // NumPy's units: a year is 12 months, a week 7 days, a day 24 hours, ...
  EXPECT_EQ(unitFactor("Y", "M"), 12);
  EXPECT_EQ(unitFactor("D", "h"), 24);
  EXPECT_EQ(unitFactor("W", "s"), 7 * 24 * 3600);
  EXPECT_EQ(unitFactor("s", "ns"), 1000000000);
  EXPECT_EQ(unitFactor("ms", "ms"), 1);
  EXPECT_EQ(unitFactor("h", "D"), std::nullopt); // coarser
  EXPECT_EQ(unitFactor("M", "D"), std::nullopt); // a calendar conversion
  EXPECT_EQ(unitFactor("W", "as"), std::nullopt); // 6.048e23 attoseconds: past int64
  EXPECT_EQ(commonUnit("D", "h"), "h");
  EXPECT_EQ(commonUnit("us", "m"), "us");
  EXPECT_EQ(commonUnit("Y", "D"), "");
}

TEST(DatetimeRulesTest, ResultTypes) {
  TypeContext ctx;
  Type *dtD = ctx.datetime(false, "D"), *tdH = ctx.datetime(true, "h"),
       *tdD = ctx.datetime(true, "D"), *dtM = ctx.datetime(false, "M");
  EXPECT_EQ(datetimeBinaryResult(ctx, BinaryOp::Sub, dtD, dtD), tdD);
  EXPECT_EQ(datetimeBinaryResult(ctx, BinaryOp::Add, dtD, tdH), ctx.datetime(false, "h"));
  EXPECT_EQ(datetimeBinaryResult(ctx, BinaryOp::Add, tdH, dtD), ctx.datetime(false, "h"));
  EXPECT_EQ(datetimeBinaryResult(ctx, BinaryOp::Add, dtD, dtD), nullptr);
  EXPECT_EQ(datetimeBinaryResult(ctx, BinaryOp::Sub, tdD, dtD), nullptr);
  EXPECT_EQ(datetimeBinaryResult(ctx, BinaryOp::TrueDiv, tdD, tdH), ctx.float64());
  EXPECT_EQ(datetimeBinaryResult(ctx, BinaryOp::FloorDiv, tdD, tdH), ctx.int64());
  EXPECT_EQ(datetimeBinaryResult(ctx, BinaryOp::Mod, tdD, tdH), tdH);
  EXPECT_EQ(datetimeBinaryResult(ctx, BinaryOp::Mul, ctx.int32(), tdD), tdD);
  EXPECT_EQ(datetimeBinaryResult(ctx, BinaryOp::Mul, tdD, ctx.float64()), tdD);
  EXPECT_EQ(datetimeBinaryResult(ctx, BinaryOp::Mul, dtD, ctx.int64()), nullptr);
  EXPECT_EQ(datetimeBinaryResult(ctx, BinaryOp::FloorDiv, tdD, ctx.float64()), nullptr);
  EXPECT_EQ(datetimeBinaryResult(ctx, BinaryOp::Mul, tdD, ctx.boolean()), nullptr);
  EXPECT_EQ(datetimeBinaryResult(ctx, BinaryOp::Sub, dtM, dtD), nullptr);
  EXPECT_TRUE(datetimesCompare(dtD, ctx.datetime(false, "s")));
  EXPECT_FALSE(datetimesCompare(dtD, tdD));
  EXPECT_FALSE(datetimesCompare(dtM, dtD));
}

TEST(DatetimeRulesTest, SpelledAsNumPyNamesThem) {
  TypeContext ctx;
  EXPECT_EQ(ctx.datetime(false, "D")->str(), "datetime64[D]");
  EXPECT_EQ(ctx.datetime(true, "us")->str(), "timedelta64[us]");
  EXPECT_EQ(ctx.datetime(false, "days"), nullptr);
  auto t = parseType(ctx, "array(datetime64[s], 2d, C)");
  ASSERT_TRUE(static_cast<bool>(t)) << llvm::toString(t.takeError());
  EXPECT_EQ(*t, ctx.array(ctx.datetime(false, "s"), 2, Layout::C));
  auto v = parseType(ctx, "timedelta64[h][::1]");
  ASSERT_TRUE(static_cast<bool>(v)) << llvm::toString(v.takeError());
  EXPECT_EQ(*v, ctx.array(ctx.datetime(true, "h"), 1, Layout::C));
  auto bad = parseType(ctx, "datetime64[fortnight]");
  ASSERT_FALSE(static_cast<bool>(bad));
  EXPECT_NE(llvm::toString(bad.takeError()).find("with a unit of Y M W D"), std::string::npos);
  EXPECT_EQ(parseDType(ctx, "timedelta64[D]"), ctx.datetime(true, "D"));
}
