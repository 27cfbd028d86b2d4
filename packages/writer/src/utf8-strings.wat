;; UTF-16 to UTF-8 for a column of short strings, each behind its i32 big-endian byte length
;; (see utf8-strings.ts). The memory is imported; utf8-strings.ts owns one for this module.
;;
;; utf8Strings(src, lens, n, dst) reads n strings: the UTF-16LE code units from src on, string k
;; having the i32 (little-endian) lens[k] units; it writes to dst on, per string, 4 bytes of
;; big-endian byte length and then its UTF-8. Returns the end of what it wrote, or -1 at a lone
;; surrogate (no UTF-8 for it: the caller decides what it becomes). A 3-byte sequence is stored
;; as one 4-byte word, 8 chars of 1 or 2 bytes as one 16-byte vector, and 4 mixed chars of 1 to 3
;; bytes as one 16-byte vector; the bytes past the output the next writes overwrite: dst needs
;; room for the largest output (3 bytes per unit + 4 per string) and 4 bytes more.
;;
;; utf8-strings-wasm.ts holds the assembled bytes; regenerate them after editing this file with
;;   node scripts/wasm-modules.mjs
;; (`pnpm check` fails while the two disagree).
(module
  (import "env" "memory" (memory 1))
  ;; Where the caller put the 256 shuffles of the 1-/2-byte path, 16 bytes each: entry m keeps
  ;; byte 2i of every lane i and byte 2i+1 of the lanes whose bit i of m is set.
  (import "env" "squeeze" (global $squeeze i32))
  ;; Where the caller put the 256 shuffles of the mixed 1-/2-/3-byte path, 16 bytes each: entry
  ;; m (bit i: lane i's char has 2 bytes or more; bit 4 + i: 3 bytes) keeps bytes 4i to 4i + n - 1
  ;; of every 32-bit lane i whose char has n bytes, in order.
  (import "env" "spread" (global $spread i32))
  (func (export "utf8Strings") (param $src i32) (param $lens i32) (param $n i32) (param $dst i32) (result i32)
    (local $k i32) (local $end i32) (local $c i32) (local $next i32) (local $lenAt i32) (local $len i32)
    (local $mask i32) (local $units v128) (local $lanes v128) (local $threes v128) (local $twos v128) (local $leads v128) (local $lasts v128)
    (block $strings_done
      (loop $strings
        (br_if $strings_done (i32.ge_u (local.get $k) (local.get $n)))
        (local.set $lenAt (local.get $dst))
        (local.set $dst (i32.add (local.get $dst) (i32.const 4)))
        (local.set $end (i32.add (local.get $src) (i32.shl (i32.load (i32.add (local.get $lens) (i32.shl (local.get $k) (i32.const 2)))) (i32.const 1))))
        ;; 8 units at a time: all ASCII (narrowed to 8 bytes), all 1- or 2-byte chars (each as 2
        ;; bytes in a 16-bit lane, the unused second bytes squeezed out by a shuffle from the
        ;; table: 8 to 16 bytes), all 3-byte chars (U+0800..U+FFFF, no surrogate: 24 bytes,
        ;; shuffled from three byte vectors), or 1- to 3-byte chars mixed (no surrogate: two
        ;; halves of 4); from a vector with a surrogate on, one unit at a time to the string's end.
        ;; Bench codec: tablet-text-cjk-emoji-columnar (3-byte CJK, mostly-ASCII),
        ;; tablet-text-latin1-columnar (ASCII mixed with 2-byte accented letters),
        ;; tablet-text-cjk-ascii-columnar (CJK mixed with ASCII).
        (block $vectors_done
          (loop $vectors
            (br_if $vectors_done (i32.gt_u (i32.add (local.get $src) (i32.const 16)) (local.get $end)))
            (local.set $units (v128.load (local.get $src)))
            (if (i32.eqz (v128.any_true (v128.and (local.get $units) (v128.const i16x8 0xff80 0xff80 0xff80 0xff80 0xff80 0xff80 0xff80 0xff80))))
              (then
                (v128.store64_lane 0 (local.get $dst) (i8x16.narrow_i16x8_u (local.get $units) (local.get $units)))
                (local.set $src (i32.add (local.get $src) (i32.const 16)))
                (local.set $dst (i32.add (local.get $dst) (i32.const 8)))
                (br $vectors)))
            (if (i16x8.all_true (i16x8.lt_u (local.get $units) (v128.const i16x8 0x0800 0x0800 0x0800 0x0800 0x0800 0x0800 0x0800 0x0800)))
              (then
                (local.set $twos (i16x8.ge_u (local.get $units) (v128.const i16x8 0x80 0x80 0x80 0x80 0x80 0x80 0x80 0x80)))
                (local.set $mask (i16x8.bitmask (local.get $twos)))
                (v128.store (local.get $dst)
                  (i8x16.swizzle
                    (v128.or
                      ;; first byte: the char itself, or a 2-byte lead
                      (v128.bitselect
                        (v128.or (i16x8.shr_u (local.get $units) (i32.const 6)) (v128.const i16x8 0xc0 0xc0 0xc0 0xc0 0xc0 0xc0 0xc0 0xc0))
                        (local.get $units)
                        (local.get $twos))
                      ;; second byte (kept for 2-byte chars only)
                      (i16x8.shl
                        (v128.or
                          (v128.and (local.get $units) (v128.const i16x8 0x3f 0x3f 0x3f 0x3f 0x3f 0x3f 0x3f 0x3f))
                          (v128.const i16x8 0x80 0x80 0x80 0x80 0x80 0x80 0x80 0x80))
                        (i32.const 8)))
                    (v128.load (i32.add (global.get $squeeze) (i32.shl (local.get $mask) (i32.const 4))))))
                (local.set $src (i32.add (local.get $src) (i32.const 16)))
                (local.set $dst (i32.add (local.get $dst) (i32.add (i32.const 8) (i32.popcnt (local.get $mask)))))
                (br $vectors)))
            (if (i32.eqz (i16x8.all_true
              (v128.andnot
                (i16x8.ge_u (local.get $units) (v128.const i16x8 0x0800 0x0800 0x0800 0x0800 0x0800 0x0800 0x0800 0x0800))
                (i16x8.eq
                  (v128.and (local.get $units) (v128.const i16x8 0xf800 0xf800 0xf800 0xf800 0xf800 0xf800 0xf800 0xf800))
                  (v128.const i16x8 0xd800 0xd800 0xd800 0xd800 0xd800 0xd800 0xd800 0xd800)))))
              (then
                (br_if $vectors_done (v128.any_true
                  (i16x8.eq
                    (v128.and (local.get $units) (v128.const i16x8 0xf800 0xf800 0xf800 0xf800 0xf800 0xf800 0xf800 0xf800))
                    (v128.const i16x8 0xd800 0xd800 0xd800 0xd800 0xd800 0xd800 0xd800 0xd800))))
                ;; 1-, 2- and 3-byte chars mixed: 4 chars at a time, each widened to a 32-bit lane
                ;; holding its UTF-8 (1 to 3 bytes), the lanes' unused bytes squeezed out by a
                ;; shuffle from the spread table: 4 to 12 bytes, stored as 16. Chinese text with
                ;; ASCII digits and punctuation (bench codec tablet-text-cjk-ascii-columnar).
                (local.set $lanes (i32x4.extend_low_i16x8_u (local.get $units)))
                (local.set $twos (i32x4.ge_u (local.get $lanes) (v128.const i32x4 0x80 0x80 0x80 0x80)))
                (local.set $threes (i32x4.ge_u (local.get $lanes) (v128.const i32x4 0x800 0x800 0x800 0x800)))
                (local.set $mask (i32.or (i32x4.bitmask (local.get $twos)) (i32.shl (i32x4.bitmask (local.get $threes)) (i32.const 4))))
                (v128.store (local.get $dst)
                  (i8x16.swizzle
                    (v128.bitselect
                      ;; 3 bytes: lead, (c >> 6) continuation, c continuation
                      (v128.or
                        (v128.or (i32x4.shr_u (local.get $lanes) (i32.const 12)) (v128.const i32x4 0x8080e0 0x8080e0 0x8080e0 0x8080e0))
                        (v128.or
                          (i32x4.shl (v128.and (i32x4.shr_u (local.get $lanes) (i32.const 6)) (v128.const i32x4 0x3f 0x3f 0x3f 0x3f)) (i32.const 8))
                          (i32x4.shl (v128.and (local.get $lanes) (v128.const i32x4 0x3f 0x3f 0x3f 0x3f)) (i32.const 16))))
                      (v128.bitselect
                        ;; 2 bytes: lead, continuation
                        (v128.or
                          (v128.or (i32x4.shr_u (local.get $lanes) (i32.const 6)) (v128.const i32x4 0x80c0 0x80c0 0x80c0 0x80c0))
                          (i32x4.shl (v128.and (local.get $lanes) (v128.const i32x4 0x3f 0x3f 0x3f 0x3f)) (i32.const 8)))
                        (local.get $lanes)
                        (local.get $twos))
                      (local.get $threes))
                    (v128.load (i32.add (global.get $spread) (i32.shl (local.get $mask) (i32.const 4))))))
                (local.set $dst (i32.add (local.get $dst) (i32.add (i32.const 4) (i32.popcnt (local.get $mask)))))
                ;; the same for the last 4 chars
                (local.set $lanes (i32x4.extend_high_i16x8_u (local.get $units)))
                (local.set $twos (i32x4.ge_u (local.get $lanes) (v128.const i32x4 0x80 0x80 0x80 0x80)))
                (local.set $threes (i32x4.ge_u (local.get $lanes) (v128.const i32x4 0x800 0x800 0x800 0x800)))
                (local.set $mask (i32.or (i32x4.bitmask (local.get $twos)) (i32.shl (i32x4.bitmask (local.get $threes)) (i32.const 4))))
                (v128.store (local.get $dst)
                  (i8x16.swizzle
                    (v128.bitselect
                      ;; 3 bytes: lead, (c >> 6) continuation, c continuation
                      (v128.or
                        (v128.or (i32x4.shr_u (local.get $lanes) (i32.const 12)) (v128.const i32x4 0x8080e0 0x8080e0 0x8080e0 0x8080e0))
                        (v128.or
                          (i32x4.shl (v128.and (i32x4.shr_u (local.get $lanes) (i32.const 6)) (v128.const i32x4 0x3f 0x3f 0x3f 0x3f)) (i32.const 8))
                          (i32x4.shl (v128.and (local.get $lanes) (v128.const i32x4 0x3f 0x3f 0x3f 0x3f)) (i32.const 16))))
                      (v128.bitselect
                        ;; 2 bytes: lead, continuation
                        (v128.or
                          (v128.or (i32x4.shr_u (local.get $lanes) (i32.const 6)) (v128.const i32x4 0x80c0 0x80c0 0x80c0 0x80c0))
                          (i32x4.shl (v128.and (local.get $lanes) (v128.const i32x4 0x3f 0x3f 0x3f 0x3f)) (i32.const 8)))
                        (local.get $lanes)
                        (local.get $twos))
                      (local.get $threes))
                    (v128.load (i32.add (global.get $spread) (i32.shl (local.get $mask) (i32.const 4))))))
                (local.set $dst (i32.add (local.get $dst) (i32.add (i32.const 4) (i32.popcnt (local.get $mask)))))
                (local.set $src (i32.add (local.get $src) (i32.const 16)))
                (br $vectors)))
            ;; lead bytes and first continuation bytes in one vector (bytes 0-7, 8-15), the last
            ;; continuation bytes in another (16-23 of the shuffle's index space)
            (local.set $leads
              (i8x16.narrow_i16x8_u
                (v128.or (i16x8.shr_u (local.get $units) (i32.const 12)) (v128.const i16x8 0xe0 0xe0 0xe0 0xe0 0xe0 0xe0 0xe0 0xe0))
                (v128.or
                  (v128.and (i16x8.shr_u (local.get $units) (i32.const 6)) (v128.const i16x8 0x3f 0x3f 0x3f 0x3f 0x3f 0x3f 0x3f 0x3f))
                  (v128.const i16x8 0x80 0x80 0x80 0x80 0x80 0x80 0x80 0x80))))
            (local.set $lasts
              (i8x16.narrow_i16x8_u
                (v128.or
                  (v128.and (local.get $units) (v128.const i16x8 0x3f 0x3f 0x3f 0x3f 0x3f 0x3f 0x3f 0x3f))
                  (v128.const i16x8 0x80 0x80 0x80 0x80 0x80 0x80 0x80 0x80))
                (local.get $units)))
            (v128.store (local.get $dst)
              (i8x16.shuffle 0 8 16 1 9 17 2 10 18 3 11 19 4 12 20 5 (local.get $leads) (local.get $lasts)))
            (v128.store64_lane 0 (i32.add (local.get $dst) (i32.const 16))
              (i8x16.shuffle 13 21 6 14 22 7 15 23 0 0 0 0 0 0 0 0 (local.get $leads) (local.get $lasts)))
            (local.set $src (i32.add (local.get $src) (i32.const 16)))
            (local.set $dst (i32.add (local.get $dst) (i32.const 24)))
            (br $vectors)))
        (block $chars_done
          (loop $chars
            (br_if $chars_done (i32.ge_u (local.get $src) (local.get $end)))
            (local.set $c (i32.load16_u (local.get $src)))
            (local.set $src (i32.add (local.get $src) (i32.const 2)))
            (if (i32.lt_u (local.get $c) (i32.const 0x80))
              (then
                (i32.store8 (local.get $dst) (local.get $c))
                (local.set $dst (i32.add (local.get $dst) (i32.const 1)))
                (br $chars)))
            (if (i32.lt_u (local.get $c) (i32.const 0x800))
              (then
                (i32.store16 (local.get $dst)
                  (i32.or
                    (i32.or (i32.const 0x80c0) (i32.shr_u (local.get $c) (i32.const 6)))
                    (i32.shl (i32.and (local.get $c) (i32.const 0x3f)) (i32.const 8))))
                (local.set $dst (i32.add (local.get $dst) (i32.const 2)))
                (br $chars)))
            (if (i32.ne (i32.and (local.get $c) (i32.const 0xf800)) (i32.const 0xd800))
              (then
                (i32.store (local.get $dst)
                  (i32.or
                    (i32.or (i32.const 0x8080e0) (i32.shr_u (local.get $c) (i32.const 12)))
                    (i32.or
                      (i32.shl (i32.and (i32.shr_u (local.get $c) (i32.const 6)) (i32.const 0x3f)) (i32.const 8))
                      (i32.shl (i32.and (local.get $c) (i32.const 0x3f)) (i32.const 16)))))
                (local.set $dst (i32.add (local.get $dst) (i32.const 3)))
                (br $chars)))
            ;; a surrogate: a high one followed by a low one in the same string, else -1
            (if (i32.or (i32.ge_u (local.get $c) (i32.const 0xdc00)) (i32.ge_u (local.get $src) (local.get $end)))
              (then (return (i32.const -1))))
            (local.set $next (i32.load16_u (local.get $src)))
            (if (i32.ne (i32.and (local.get $next) (i32.const 0xfc00)) (i32.const 0xdc00))
              (then (return (i32.const -1))))
            (local.set $src (i32.add (local.get $src) (i32.const 2)))
            (local.set $c (i32.add (i32.const 0x10000)
              (i32.or (i32.shl (i32.sub (local.get $c) (i32.const 0xd800)) (i32.const 10)) (i32.sub (local.get $next) (i32.const 0xdc00)))))
            (i32.store (local.get $dst)
              (i32.or
                (i32.or (i32.const 0x808080f0) (i32.shr_u (local.get $c) (i32.const 18)))
                (i32.or
                  (i32.shl (i32.and (i32.shr_u (local.get $c) (i32.const 12)) (i32.const 0x3f)) (i32.const 8))
                  (i32.or
                    (i32.shl (i32.and (i32.shr_u (local.get $c) (i32.const 6)) (i32.const 0x3f)) (i32.const 16))
                    (i32.shl (i32.and (local.get $c) (i32.const 0x3f)) (i32.const 24))))))
            (local.set $dst (i32.add (local.get $dst) (i32.const 4)))
            (br $chars)))
        (local.set $len (i32.sub (i32.sub (local.get $dst) (local.get $lenAt)) (i32.const 4)))
        ;; the byte length, big-endian
        (i32.store (local.get $lenAt)
          (i32.or
            (i32.or (i32.shl (local.get $len) (i32.const 24)) (i32.shl (i32.and (local.get $len) (i32.const 0xff00)) (i32.const 8)))
            (i32.or (i32.and (i32.shr_u (local.get $len) (i32.const 8)) (i32.const 0xff00)) (i32.shr_u (local.get $len) (i32.const 24)))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $strings)))
    (local.get $dst))

  ;; asciiStrings(src, lens, n, dst): the same output for n ASCII strings given as their bytes,
  ;; one per char, from src on (lens[k] of them for string k): per string its length, big-endian,
  ;; then its bytes, copied 16 at a time. The last copy of a string may run up to 15 bytes past
  ;; its end, both in src and in dst (the next string's writes overwrite them): dst needs room
  ;; for the output and 15 bytes more. Returns the end of what it wrote. Bench codec
  ;; tablet-b-columnar: the caller's one join and one native write of the strings beat its join
  ;; with a 4-char separator (the room for each length) written in place.
  (func (export "asciiStrings") (param $src i32) (param $lens i32) (param $n i32) (param $dst i32) (result i32)
    (local $k i32) (local $len i32) (local $i i32)
    (block $strings_done
      (loop $strings
        (br_if $strings_done (i32.ge_u (local.get $k) (local.get $n)))
        (local.set $len (i32.load (i32.add (local.get $lens) (i32.shl (local.get $k) (i32.const 2)))))
        (i32.store (local.get $dst)
          (i32.or
            (i32.or (i32.shl (local.get $len) (i32.const 24)) (i32.shl (i32.and (local.get $len) (i32.const 0xff00)) (i32.const 8)))
            (i32.or (i32.and (i32.shr_u (local.get $len) (i32.const 8)) (i32.const 0xff00)) (i32.shr_u (local.get $len) (i32.const 24)))))
        (local.set $dst (i32.add (local.get $dst) (i32.const 4)))
        (local.set $i (i32.const 0))
        (block $copied
          (loop $copy
            (br_if $copied (i32.ge_u (local.get $i) (local.get $len)))
            (v128.store (i32.add (local.get $dst) (local.get $i)) (v128.load (i32.add (local.get $src) (local.get $i))))
            (local.set $i (i32.add (local.get $i) (i32.const 16)))
            (br $copy)))
        (local.set $src (i32.add (local.get $src) (local.get $len)))
        (local.set $dst (i32.add (local.get $dst) (local.get $len)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $strings)))
    (local.get $dst))
)
