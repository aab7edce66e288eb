//===- DatetimeRules.h - NumPy datetime64/timedelta64 arithmetic -*- C++ -*-===//
//
// The types of operators on datetime64[unit] and timedelta64[unit]
// (DatetimeType), as NumPy and numba's npdatetime define them:
//
//   timedelta ± timedelta -> timedelta     datetime - datetime -> timedelta
//   datetime ± timedelta  -> datetime      timedelta + datetime -> datetime
//   timedelta * int|float, int|float * timedelta -> timedelta
//   timedelta / int|float, timedelta // int -> timedelta
//   timedelta / timedelta -> float64       timedelta // timedelta -> int64
//   timedelta % timedelta -> timedelta     -t, +t, abs(t) of a timedelta
//   ==, !=, <, <=, >, >= between two datetimes or two timedeltas
//
// Two units meet at the finer one (datetime64[D] - datetime64[h] is
// timedelta64[h]). Years and months convert only to each other: pairing
// them with days or finer units (a calendar conversion) is refused.
//
//===----------------------------------------------------------------------===//
#ifndef PYJIT_IR_DATETIMERULES_H
#define PYJIT_IR_DATETIMERULES_H

#include "pyjit/ir/TypeContext.h"
#include "pyjit/frontend/AST.h"
#include <cstdint>
#include <optional>

namespace pyjit::ir {

/// How many \p to units make one \p from unit (1 hour is 60 minutes), when
/// \p to is \p from or finer and both are in one group (Y M, or W D h m s
/// ms us ns ps fs as); nullopt otherwise.
std::optional<int64_t> unitFactor(llvm::StringRef from, llvm::StringRef to);

/// The finer of two units both convert to, or "" when they do not meet.
llvm::StringRef commonUnit(llvm::StringRef a, llvm::StringRef b);

/// The result type of `lhs op rhs` when either is a DatetimeType (null when
/// NumPy defines no such operation, or the units do not meet).
Type *datetimeBinaryResult(TypeContext &ctx, ast::BinaryOp op, Type *lhs, Type *rhs);

/// Whether two DatetimeTypes compare: both datetimes or both timedeltas,
/// in units that meet.
bool datetimesCompare(Type *lhs, Type *rhs);

/// NaT, "not a time": the int64 a datetime64/timedelta64 holds for it.
constexpr int64_t kNaT = INT64_MIN;

} // namespace pyjit::ir

#endif
