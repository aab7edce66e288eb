//===- CharSeqLowering.cpp - Bytes and str items (ir::CharSeqType) -------===//
//
// An item of a bytes or str array is an LLVM array value, [N x i8] or
// [N x i32] (NumPy's UTF-32). Conversions between counts go through a stack
// slot of the larger type (SROA makes registers of small ones); equality
// and length are loops over a slot (unrolled when short).
//
//===----------------------------------------------------------------------===//
#include "Emitter.h"
#include "llvm/Support/ConvertUTF.h"

namespace pyjit::codegen::detail {

using llvm::cast;

llvm::AllocaInst *Emitter::charSlot(llvm::Type *ty) {
  llvm::IRBuilder<> entry(&kernel->getEntryBlock(), kernel->getEntryBlock().begin());
  return entry.CreateAlloca(ty, nullptr, "chars");
}

llvm::Value *Emitter::constChars(const ir::Instruction &inst) {
  auto *cs = cast<ir::CharSeqType>(inst.type());
  // The text's code points (inference accepted it: valid UTF-8, below 256
  // for bytes), cut to the item's count, the rest zero.
  std::vector<llvm::UTF32> codes(inst.text.size() + 1);
  const auto *from = reinterpret_cast<const llvm::UTF8 *>(inst.text.data());
  llvm::UTF32 *to = codes.data();
  llvm::ConvertUTF8toUTF32(&from, from + inst.text.size(), &to, codes.data() + codes.size(),
                           llvm::lenientConversion);
  codes.resize(cs->count());
  std::fill(codes.begin() + std::min<size_t>(to - codes.data(), codes.size()), codes.end(), 0);
  if (cs->unicode())
    return llvm::ConstantDataArray::get(ctx, llvm::ArrayRef<uint32_t>(codes));
  std::vector<uint8_t> bytes(codes.begin(), codes.end());
  return llvm::ConstantDataArray::get(ctx, llvm::ArrayRef<uint8_t>(bytes));
}

llvm::Value *Emitter::charsResize(llvm::Value *v, ir::CharSeqType *from, ir::CharSeqType *to) {
  if (from == to)
    return v;
  // A slot of the larger type: zeros, then the value's characters over them;
  // the result is its first `to` characters.
  llvm::Type *fromTy = typeOf(from), *toTy = typeOf(to);
  llvm::Type *big = from->count() > to->count() ? fromTy : toTy;
  llvm::AllocaInst *slot = charSlot(big);
  if (big == toTy)
    b.CreateStore(llvm::Constant::getNullValue(toTy), slot);
  b.CreateStore(v, slot);
  return b.CreateLoad(toTy, slot);
}

llvm::Value *Emitter::charsEqual(llvm::Value *x, llvm::Value *y, ir::CharSeqType *type) {
  // for i in range(N): if x[i] != y[i]: unequal (both padded to N already).
  llvm::Type *arrTy = typeOf(type), *charTy = b.getIntNTy(8 * type->charBytes());
  llvm::AllocaInst *sx = charSlot(arrTy), *sy = charSlot(arrTy);
  b.CreateStore(x, sx);
  b.CreateStore(y, sy);
  llvm::BasicBlock *pre = b.GetInsertBlock();
  llvm::BasicBlock *header = llvm::BasicBlock::Create(ctx, "chars.eq", kernel);
  llvm::BasicBlock *body = llvm::BasicBlock::Create(ctx, "chars.eq.body", kernel);
  llvm::BasicBlock *done = llvm::BasicBlock::Create(ctx, "chars.eq.done", kernel);
  b.CreateBr(header);
  b.SetInsertPoint(header);
  llvm::PHINode *i = b.CreatePHI(b.getInt64Ty(), 2);
  i->addIncoming(b.getInt64(0), pre);
  b.CreateCondBr(b.CreateICmpEQ(i, b.getInt64(type->count())), done, body);
  b.SetInsertPoint(body);
  auto at = [&](llvm::AllocaInst *slot) {
    return b.CreateLoad(charTy, b.CreateInBoundsGEP(arrTy, slot, {b.getInt64(0), i}));
  };
  llvm::Value *same = b.CreateICmpEQ(at(sx), at(sy));
  i->addIncoming(b.CreateAdd(i, b.getInt64(1)), body);
  b.CreateCondBr(same, header, done);
  b.SetInsertPoint(done);
  llvm::PHINode *result = b.CreatePHI(b.getInt1Ty(), 2);
  result->addIncoming(b.getTrue(), header);
  result->addIncoming(b.getFalse(), body);
  return result;
}

llvm::Value *Emitter::charsLen(llvm::Value *x, ir::CharSeqType *type) {
  // n = N; while n > 0 and x[n - 1] == 0: n -= 1 (NumPy's and numba's len).
  llvm::Type *arrTy = typeOf(type), *charTy = b.getIntNTy(8 * type->charBytes());
  llvm::AllocaInst *slot = charSlot(arrTy);
  b.CreateStore(x, slot);
  llvm::BasicBlock *pre = b.GetInsertBlock();
  llvm::BasicBlock *header = llvm::BasicBlock::Create(ctx, "chars.len", kernel);
  llvm::BasicBlock *body = llvm::BasicBlock::Create(ctx, "chars.len.body", kernel);
  llvm::BasicBlock *done = llvm::BasicBlock::Create(ctx, "chars.len.done", kernel);
  b.CreateBr(header);
  b.SetInsertPoint(header);
  llvm::PHINode *n = b.CreatePHI(b.getInt64Ty(), 2);
  n->addIncoming(b.getInt64(type->count()), pre);
  b.CreateCondBr(b.CreateICmpEQ(n, b.getInt64(0)), done, body);
  b.SetInsertPoint(body);
  llvm::Value *last = b.CreateSub(n, b.getInt64(1));
  llvm::Value *c = b.CreateLoad(charTy, b.CreateInBoundsGEP(arrTy, slot, {b.getInt64(0), last}));
  n->addIncoming(last, body);
  b.CreateCondBr(b.CreateICmpNE(c, llvm::ConstantInt::get(charTy, 0)), done, header);
  b.SetInsertPoint(done);
  llvm::PHINode *result = b.CreatePHI(b.getInt64Ty(), 2);
  result->addIncoming(b.getInt64(0), header);
  result->addIncoming(n, body);
  return result;
}

} // namespace pyjit::codegen::detail
