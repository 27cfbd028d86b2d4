;; SIMD byte-swap kernels behind big-endian column writes and reads (see byteswap.ts).
;; The memory is imported: each pool arena (arena.ts) instantiates these kernels over its own
;; WebAssembly.Memory, so a column can be swapped straight into a pooled output buffer, and
;; byteswap.ts keeps one small private memory as a scratch area for everything else.
;;
;; swapCopyNN(dst, src, n) writes to [dst, dst+n) the bytes of [src, src+n) with every NN-bit
;; word reversed. n is a multiple of the word size; exactly n bytes are read and written (no
;; rounding up: dst may be followed by another owner's data). dst == src swaps in place (each
;; 16-byte vector is loaded before it is stored); other overlaps are not allowed.
;; Main loop: 64 bytes per iteration, then 16-byte vectors, then single words (load_zero +
;; store_lane). i8x16.swizzle with a constant in-range mask compiles to one pshufb on x64.
;;
;; byteswap-wasm.ts holds the assembled bytes; regenerate them after editing this file with
;;   node scripts/wasm-modules.mjs
;; (wabt 1.0.39's wat2wasm, in-process; `pnpm check` fails while the two disagree).
(module
  (import "env" "memory" (memory 1))

  (func (export "swapCopy64") (param $dst i32) (param $src i32) (param $n i32)
    (local $end i32) (local $stop i32)
    (local.set $end (i32.add (local.get $src) (local.get $n)))
    (local.set $stop (i32.add (local.get $src) (i32.and (local.get $n) (i32.const -64))))
    (if (i32.lt_u (local.get $src) (local.get $stop))
      (then
        (loop $block
          (v128.store offset=0 (local.get $dst) (i8x16.swizzle (v128.load offset=0 (local.get $src)) (v128.const i8x16 7 6 5 4 3 2 1 0 15 14 13 12 11 10 9 8)))
          (v128.store offset=16 (local.get $dst) (i8x16.swizzle (v128.load offset=16 (local.get $src)) (v128.const i8x16 7 6 5 4 3 2 1 0 15 14 13 12 11 10 9 8)))
          (v128.store offset=32 (local.get $dst) (i8x16.swizzle (v128.load offset=32 (local.get $src)) (v128.const i8x16 7 6 5 4 3 2 1 0 15 14 13 12 11 10 9 8)))
          (v128.store offset=48 (local.get $dst) (i8x16.swizzle (v128.load offset=48 (local.get $src)) (v128.const i8x16 7 6 5 4 3 2 1 0 15 14 13 12 11 10 9 8)))
          (local.set $src (i32.add (local.get $src) (i32.const 64)))
          (local.set $dst (i32.add (local.get $dst) (i32.const 64)))
          (br_if $block (i32.lt_u (local.get $src) (local.get $stop))))))
    (block $done
      (loop $vector
        (br_if $done (i32.gt_u (i32.add (local.get $src) (i32.const 16)) (local.get $end)))
        (v128.store (local.get $dst) (i8x16.swizzle (v128.load (local.get $src)) (v128.const i8x16 7 6 5 4 3 2 1 0 15 14 13 12 11 10 9 8)))
        (local.set $src (i32.add (local.get $src) (i32.const 16)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 16)))
        (br $vector)))
    ;; at most one 8-byte word is left
    (if (i32.lt_u (local.get $src) (local.get $end))
      (then
        (v128.store64_lane 0 (local.get $dst)
          (i8x16.swizzle (v128.load64_zero (local.get $src)) (v128.const i8x16 7 6 5 4 3 2 1 0 15 14 13 12 11 10 9 8))))))

  (func (export "swapCopy32") (param $dst i32) (param $src i32) (param $n i32)
    (local $end i32) (local $stop i32)
    (local.set $end (i32.add (local.get $src) (local.get $n)))
    (local.set $stop (i32.add (local.get $src) (i32.and (local.get $n) (i32.const -64))))
    (if (i32.lt_u (local.get $src) (local.get $stop))
      (then
        (loop $block
          (v128.store offset=0 (local.get $dst) (i8x16.swizzle (v128.load offset=0 (local.get $src)) (v128.const i8x16 3 2 1 0 7 6 5 4 11 10 9 8 15 14 13 12)))
          (v128.store offset=16 (local.get $dst) (i8x16.swizzle (v128.load offset=16 (local.get $src)) (v128.const i8x16 3 2 1 0 7 6 5 4 11 10 9 8 15 14 13 12)))
          (v128.store offset=32 (local.get $dst) (i8x16.swizzle (v128.load offset=32 (local.get $src)) (v128.const i8x16 3 2 1 0 7 6 5 4 11 10 9 8 15 14 13 12)))
          (v128.store offset=48 (local.get $dst) (i8x16.swizzle (v128.load offset=48 (local.get $src)) (v128.const i8x16 3 2 1 0 7 6 5 4 11 10 9 8 15 14 13 12)))
          (local.set $src (i32.add (local.get $src) (i32.const 64)))
          (local.set $dst (i32.add (local.get $dst) (i32.const 64)))
          (br_if $block (i32.lt_u (local.get $src) (local.get $stop))))))
    (block $done
      (loop $vector
        (br_if $done (i32.gt_u (i32.add (local.get $src) (i32.const 16)) (local.get $end)))
        (v128.store (local.get $dst) (i8x16.swizzle (v128.load (local.get $src)) (v128.const i8x16 3 2 1 0 7 6 5 4 11 10 9 8 15 14 13 12)))
        (local.set $src (i32.add (local.get $src) (i32.const 16)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 16)))
        (br $vector)))
    ;; at most three 4-byte words are left
    (block $words
      (loop $word
        (br_if $words (i32.ge_u (local.get $src) (local.get $end)))
        (v128.store32_lane 0 (local.get $dst)
          (i8x16.swizzle (v128.load32_zero (local.get $src)) (v128.const i8x16 3 2 1 0 7 6 5 4 11 10 9 8 15 14 13 12)))
        (local.set $src (i32.add (local.get $src) (i32.const 4)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 4)))
        (br $word))))
)
