//! A scenario in the URL fragment: `#s=` followed by the scenario text
//! compressed with raw DEFLATE (RFC 1951) and encoded as base64url without
//! padding (RFC 4648 §5). The playground reads it; `ssa apply --share`
//! writes it, so both use this one encoder.

/// Most bytes a shared scenario may expand to (a fragment is small; this
/// refuses a decompression bomb).
const MAX_SCENARIO_BYTES: usize = 4 * 1024 * 1024;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The fragment (without `#`) that carries `text`.
pub fn encode_fragment(text: &str) -> String {
    fragment_of_deflated(&miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9))
}

/// The fragment (without `#`) that carries a text already compressed with
/// raw DEFLATE elsewhere: the playground compresses with the browser's
/// `CompressionStream`, which spares the wasm a DEFLATE encoder (8 KB
/// gzipped); any encoder's output decodes the same.
pub fn fragment_of_deflated(compressed: &[u8]) -> String {
    format!("s={}", base64url_encode(compressed))
}

/// The scenario text of a fragment (`s=…`, with or without `#`).
pub fn decode_fragment(fragment: &str) -> Result<String, String> {
    let data = fragment
        .trim_start_matches('#')
        .strip_prefix("s=")
        .ok_or("the link carries no scenario (#s=…)")?;
    let compressed = base64url_decode(data)?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&compressed, MAX_SCENARIO_BYTES)
        .map_err(|e| format!("the link's scenario is damaged: {e:?}"))?;
    String::from_utf8(bytes).map_err(|_| "the link's scenario is not UTF-8 text".to_string())
}

fn base64url_encode(data: &[u8]) -> String {
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let chars = chunk.len() + 1;
        for i in 0..chars {
            out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

fn base64url_decode(text: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut buffer = 0u32;
    let mut bits = 0;
    for c in text.trim_end_matches('=').bytes() {
        let v = ALPHABET.iter().position(|&a| a == c).ok_or_else(|| {
            format!(
                "the link has a character base64url does not use: {}",
                crate::value::go_quote((c as char).encode_utf8(&mut [0; 4]))
            )
        })?;
        buffer = (buffer << 6) | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, reason = "a test fails loudly")]
mod tests {
    use super::*;

    /// RFC 4648 test vectors, in the URL-safe alphabet without padding.
    #[test]
    fn base64url_vectors() {
        for (plain, encoded) in [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64url_encode(plain.as_bytes()), encoded);
            assert_eq!(base64url_decode(encoded).unwrap(), plain.as_bytes());
        }
        assert_eq!(base64url_encode(&[0xfb, 0xff]), "-_8");
    }

    #[test]
    fn damaged_fragments_are_refused() {
        let text = "scenario: v1\nname: x\nsteps: []\n";
        assert_eq!(decode_fragment(&encode_fragment(text)).unwrap(), text);
        assert!(decode_fragment("#x=1").is_err());
        assert!(decode_fragment("#s=***").is_err());
        assert!(decode_fragment("#s=AAAA").is_err());
    }
}
