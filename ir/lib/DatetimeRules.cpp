//===- DatetimeRules.cpp - NumPy datetime64/timedelta64 arithmetic -------===//
#include "pyjit/ir/DatetimeRules.h"
#include <array>

using namespace pyjit;
using namespace pyjit::ir;
using llvm::dyn_cast;
using ast::BinaryOp;

namespace {
/// A unit's group (0: Y M; 1: W D h m s ms us ns ps fs as), its place in
/// the group (coarse to fine) and how many of the next finer unit it holds
/// (NumPy's datetime units; a year is 12 months, a week 7 days).
struct UnitInfo {
  const char *name;
  int group;
  int64_t perNext; // of the next unit in the group (0 for the last)
};
constexpr std::array<UnitInfo, 13> kUnits = {{{"Y", 0, 12},
                                              {"M", 0, 0},
                                              {"W", 1, 7},
                                              {"D", 1, 24},
                                              {"h", 1, 60},
                                              {"m", 1, 60},
                                              {"s", 1, 1000},
                                              {"ms", 1, 1000},
                                              {"us", 1, 1000},
                                              {"ns", 1, 1000},
                                              {"ps", 1, 1000},
                                              {"fs", 1, 1000},
                                              {"as", 1, 0}}};

int indexOf(llvm::StringRef unit) {
  for (size_t i = 0; i < kUnits.size(); ++i)
    if (unit == kUnits[i].name)
      return static_cast<int>(i);
  return -1;
}
} // namespace

std::optional<int64_t> pyjit::ir::unitFactor(llvm::StringRef from, llvm::StringRef to) {
  int f = indexOf(from), t = indexOf(to);
  if (f < 0 || t < 0 || f > t || kUnits[f].group != kUnits[t].group)
    return std::nullopt;
  int64_t factor = 1;
  for (int i = f; i < t; ++i)
    if (__builtin_mul_overflow(factor, kUnits[i].perNext, &factor))
      return std::nullopt; // W to as: 6.048e23, past int64
  return factor;
}

llvm::StringRef pyjit::ir::commonUnit(llvm::StringRef a, llvm::StringRef b) {
  if (unitFactor(a, b))
    return b;
  if (unitFactor(b, a))
    return a;
  return "";
}

Type *pyjit::ir::datetimeBinaryResult(TypeContext &ctx, ast::BinaryOp op, Type *lhs, Type *rhs) {
  auto *ld = dyn_cast<DatetimeType>(lhs), *rd = dyn_cast<DatetimeType>(rhs);
  bool lDelta = ld && ld->isTimedelta(), rDelta = rd && rd->isTimedelta();
  auto number = [](Type *t) {
    return t->isScalar() && !llvm::isa<ComplexType>(t) && !llvm::isa<BoolType>(t);
  };
  auto integer = [](Type *t) {
    auto *it = dyn_cast<IntType>(t);
    return it && !it->isEnum();
  };
  if (ld && rd) {
    llvm::StringRef unit = commonUnit(ld->unit(), rd->unit());
    if (unit.empty())
      return nullptr;
    switch (op) {
    case BinaryOp::Add: // td + td, dt + td, td + dt
      if (!lDelta && !rDelta)
        return nullptr;
      return ctx.datetime(lDelta && rDelta, unit);
    case BinaryOp::Sub: // td - td, dt - td, dt - dt
      if (lDelta && !rDelta)
        return nullptr;
      return ctx.datetime(lDelta || !rDelta, unit);
    case BinaryOp::TrueDiv:
      return lDelta && rDelta ? ctx.float64() : nullptr;
    case BinaryOp::FloorDiv:
      return lDelta && rDelta ? ctx.int64() : nullptr;
    case BinaryOp::Mod:
      return lDelta && rDelta ? ctx.datetime(true, unit) : nullptr;
    default:
      return nullptr;
    }
  }
  // A timedelta and a number.
  if (op == BinaryOp::Mul && ((lDelta && number(rhs)) || (rDelta && number(lhs))))
    return lDelta ? lhs : rhs;
  if (op == BinaryOp::TrueDiv && lDelta && number(rhs))
    return lhs;
  if (op == BinaryOp::FloorDiv && lDelta && integer(rhs))
    return lhs;
  return nullptr;
}

bool pyjit::ir::datetimesCompare(Type *lhs, Type *rhs) {
  auto *ld = dyn_cast<DatetimeType>(lhs), *rd = dyn_cast<DatetimeType>(rhs);
  return ld && rd && ld->isTimedelta() == rd->isTimedelta() &&
         !commonUnit(ld->unit(), rd->unit()).empty();
}
