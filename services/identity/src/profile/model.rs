//! Profile rules (spec section 5): phone, email, nickname, new password, avatar image.

use std::io::Cursor;

use image::{
    ImageFormat,
    imageops::FilterType,
    io::{Limits, Reader},
};
use lumiscape_common::i18n::Msg;

pub const MAX_NICK_NAME_CHARS: usize = 30;
pub const MAX_EMAIL_LEN: usize = 50;
/// Largest avatar accepted, before re-encoding.
pub const MAX_AVATAR_BYTES: usize = 2 * 1024 * 1024;
/// Largest avatar side kept (the spec recommends 500x500 images).
pub const AVATAR_SIDE: u32 = 500;
/// Larger images are refused from their header, before decoding, so a small file cannot
/// expand to gigabytes.
pub const MAX_DECODED_SIDE: u32 = 2048;
/// The decoder's own allocation ceiling: a 2048x2048 RGBA image is 16 MiB, so 64 MiB leaves
/// room for the decoder's buffers and nothing for a bomb.
const MAX_DECODER_ALLOC: u64 = 64 * 1024 * 1024;

/// The limits the decoder enforces: the sides from the header, then the allocation.
fn decoder_limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_DECODED_SIDE);
    limits.max_image_height = Some(MAX_DECODED_SIDE);
    limits.max_alloc = Some(MAX_DECODER_ALLOC);
    limits
}

pub use lumiscape_common::text::is_valid_phone;

/// A plain email address: one '@', a local part, a dotted domain, no spaces.
pub fn is_valid_email(email: &str) -> bool {
    if email.len() > MAX_EMAIL_LEN || email.chars().any(char::is_whitespace) {
        return false;
    }
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
}

/// The edited profile, trimmed and checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProfileEdit {
    pub nick_name: String,
    pub phonenumber: String,
    pub email: String,
    pub sex: String,
}

impl ProfileEdit {
    pub fn parse(nick_name: &str, phonenumber: &str, email: &str, sex: &str) -> Result<Self, Msg> {
        let nick_name = nick_name.trim();
        if nick_name.is_empty() || nick_name.chars().count() > MAX_NICK_NAME_CHARS {
            return Err(Msg::NickNameInvalid);
        }
        let phonenumber = phonenumber.trim();
        if !phonenumber.is_empty() && !is_valid_phone(phonenumber) {
            return Err(Msg::PhoneInvalid);
        }
        let email = email.trim();
        if !email.is_empty() && !is_valid_email(email) {
            return Err(Msg::EmailInvalid);
        }
        let sex = if sex.trim().is_empty() { "2" } else { sex.trim() };
        if !matches!(sex, "0" | "1" | "2") {
            return Err(Msg::SexInvalid);
        }
        Ok(Self { nick_name: nick_name.into(), phonenumber: phonenumber.into(), email: email.into(), sex: sex.into() })
    }
}

/// A new password: 6 to 20 characters, no spaces (personal center rule).
pub fn check_new_password(password: &str) -> Result<(), Msg> {
    let len = password.chars().count();
    if !(6..=20).contains(&len) {
        return Err(Msg::PasswordLength);
    }
    if password.chars().any(char::is_whitespace) {
        return Err(Msg::PasswordHasSpaces);
    }
    Ok(())
}

/// Whether a stored avatar path is one this service wrote (`/avatar/<uuid>.png`), and so a
/// file it may delete: anything else (a seeded or empty path) is never touched.
pub fn is_uploaded_avatar(path: &str) -> bool {
    path.strip_prefix("/avatar/")
        .and_then(|name| name.strip_suffix(".png"))
        .is_some_and(|stem| uuid::Uuid::try_parse(stem).is_ok())
}

/// Checks an uploaded avatar by size and content (PNG or JPEG, whatever its name claims, and
/// nothing after the image: see [`ends_with_the_image`]), decodes it, fits it into 500x500
/// and re-encodes it as PNG, which drops any metadata or smuggled payload.
pub fn prepare_avatar(bytes: &[u8]) -> Result<Vec<u8>, Msg> {
    if bytes.is_empty() {
        return Err(Msg::AvatarMissing);
    }
    if bytes.len() > MAX_AVATAR_BYTES {
        return Err(Msg::AvatarTooLarge { limit_kb: (MAX_AVATAR_BYTES / 1024) as u64 });
    }
    let format = image::guess_format(bytes).map_err(|_| Msg::AvatarInvalid)?;
    if !matches!(format, ImageFormat::Png | ImageFormat::Jpeg) || !ends_with_the_image(bytes, format) {
        return Err(Msg::AvatarInvalid);
    }
    // The decoder checks the header's sides against the limits before it allocates a pixel.
    let mut reader = Reader::with_format(Cursor::new(bytes), format);
    reader.limits(decoder_limits());
    let decoded = reader.decode().map_err(|_| Msg::AvatarInvalid)?;
    let fitted = if decoded.width() > AVATAR_SIDE || decoded.height() > AVATAR_SIDE {
        decoded.resize(AVATAR_SIDE, AVATAR_SIDE, FilterType::Triangle)
    } else {
        decoded
    };
    let mut png = Vec::new();
    fitted.write_to(&mut Cursor::new(&mut png), ImageFormat::Png).map_err(|_| Msg::AvatarInvalid)?;
    Ok(png)
}

/// Whether the file ends where its image ends: nothing after a PNG's `IEND` chunk, or after
/// a JPEG's end-of-image marker. A file that is an image and something else at once (a
/// polyglot: HTML, a script or a ZIP archive appended to a picture) is refused rather than
/// cleaned, so the upload never looks accepted to whoever crafted it.
fn ends_with_the_image(bytes: &[u8], format: ImageFormat) -> bool {
    match format {
        ImageFormat::Png => png_end(bytes) == Some(bytes.len()),
        ImageFormat::Jpeg => bytes.ends_with(&[0xFF, 0xD9]),
        _ => false,
    }
}

/// Where a PNG's `IEND` chunk ends, walking the chunks from the signature.
fn png_end(bytes: &[u8]) -> Option<usize> {
    let mut at = 8;
    loop {
        let length = u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?) as usize;
        let end = at.checked_add(12)?.checked_add(length)?;
        if end > bytes.len() {
            return None;
        }
        if bytes.get(at + 4..at + 8)? == b"IEND" {
            return Some(end);
        }
        at = end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn phones() {
        assert!(is_valid_phone("13812345678"));
        assert!(is_valid_phone("19912345678"));
        assert!(!is_valid_phone("12812345678"), "second digit 2");
        assert!(!is_valid_phone("23812345678"));
        assert!(!is_valid_phone("1381234567"));
        assert!(!is_valid_phone("138123456789"));
        assert!(!is_valid_phone("1381234567a"));
    }

    #[test]
    fn emails() {
        assert!(is_valid_email("ops@lumiscape.cn"));
        assert!(!is_valid_email("ops@lumiscape"));
        assert!(!is_valid_email("ops lumiscape@x.cn"));
        assert!(!is_valid_email("@x.cn"));
        assert!(!is_valid_email("a@@x.cn"));
        assert!(!is_valid_email("a@x..cn"));
    }

    #[test]
    fn profile_edits() {
        let edit = ProfileEdit::parse(" 运维 ", "", "", "").unwrap();
        assert_eq!(edit.nick_name, "运维");
        assert_eq!(edit.sex, "2");
        assert_eq!(ProfileEdit::parse("", "", "", "0"), Err(Msg::NickNameInvalid));
        assert_eq!(ProfileEdit::parse(&"名".repeat(31), "", "", "0"), Err(Msg::NickNameInvalid));
        assert_eq!(ProfileEdit::parse("a", "123", "", "0"), Err(Msg::PhoneInvalid));
        assert_eq!(ProfileEdit::parse("a", "", "x", "0"), Err(Msg::EmailInvalid));
        assert_eq!(ProfileEdit::parse("a", "", "", "9"), Err(Msg::SexInvalid));
    }

    #[test]
    fn new_passwords() {
        assert!(check_new_password("abc123").is_ok());
        assert_eq!(check_new_password("abc12"), Err(Msg::PasswordLength));
        assert_eq!(check_new_password(&"a".repeat(21)), Err(Msg::PasswordLength));
        assert_eq!(check_new_password("abc 123"), Err(Msg::PasswordHasSpaces));
    }

    fn png(width: u32, height: u32) -> Vec<u8> {
        let img = image::RgbImage::from_pixel(width, height, image::Rgb([10, 20, 30]));
        let mut out = Vec::new();
        image::DynamicImage::ImageRgb8(img).write_to(&mut Cursor::new(&mut out), ImageFormat::Png).unwrap();
        out
    }

    #[test]
    fn avatars_are_checked_by_content_and_fitted() {
        let prepared = prepare_avatar(&png(900, 600)).unwrap();
        let back = image::load_from_memory(&prepared).unwrap();
        assert_eq!((back.width(), back.height()), (500, 333));
        assert_eq!(prepare_avatar(b""), Err(Msg::AvatarMissing));
        assert_eq!(prepare_avatar(b"<svg onload=alert(1)>"), Err(Msg::AvatarInvalid));
        assert_eq!(prepare_avatar(b"GIF89a......"), Err(Msg::AvatarInvalid));
        let mut truncated = png(10, 10);
        truncated.truncate(40);
        assert_eq!(prepare_avatar(&truncated), Err(Msg::AvatarInvalid));
        assert!(matches!(prepare_avatar(&vec![0x89; MAX_AVATAR_BYTES + 1]), Err(Msg::AvatarTooLarge { .. })));
    }

    /// A PNG whose header claims `width` x `height` but whose pixels are a 1x1 image's: what a
    /// decompression bomb looks like before its data, and cheap to build.
    fn forged_png(width: u32, height: u32) -> Vec<u8> {
        let mut bytes = png(1, 1);
        // Signature (8), IHDR length (4) and type (4), then width and height, then the CRC.
        bytes[16..20].copy_from_slice(&width.to_be_bytes());
        bytes[20..24].copy_from_slice(&height.to_be_bytes());
        let crc = crc32fast::hash(&bytes[12..29]);
        bytes[29..33].copy_from_slice(&crc.to_be_bytes());
        bytes
    }

    fn jpeg(width: u32, height: u32) -> Vec<u8> {
        let img = image::RgbImage::from_pixel(width, height, image::Rgb([10, 20, 30]));
        let mut out = Vec::new();
        image::DynamicImage::ImageRgb8(img).write_to(&mut Cursor::new(&mut out), ImageFormat::Jpeg).unwrap();
        out
    }

    #[test]
    fn polyglots_are_refused() {
        assert!(prepare_avatar(&png(4, 4)).is_ok());
        assert!(prepare_avatar(&jpeg(4, 4)).is_ok());
        for image in [png(4, 4), jpeg(4, 4)] {
            for tail in [&b"<html><script>alert(1)</script></html>"[..], b"PK\x05\x06\0\0\0\0", b"\0"] {
                let polyglot = [image.as_slice(), tail].concat();
                assert_eq!(prepare_avatar(&polyglot), Err(Msg::AvatarInvalid), "{tail:?}");
            }
        }
        assert_eq!(png_end(&png(1, 1)[..20]), None, "cut short");
    }

    #[test]
    fn only_uploaded_avatars_are_ever_deleted() {
        assert!(is_uploaded_avatar("/avatar/67e55044-10b1-426f-9247-bb680e5fe0c8.png"));
        assert!(!is_uploaded_avatar(""));
        assert!(!is_uploaded_avatar("/avatar/../../etc/passwd.png"));
        assert!(!is_uploaded_avatar("/avatar/67e55044-10b1-426f-9247-bb680e5fe0c8/../x.png"));
        assert!(!is_uploaded_avatar("/profile/avatar.png"));
    }

    #[test]
    fn avatars_are_bounded_before_and_while_decoding() {
        assert!(prepare_avatar(&png(MAX_DECODED_SIDE, 1)).is_ok());
        assert_eq!(prepare_avatar(&png(MAX_DECODED_SIDE + 1, 1)), Err(Msg::AvatarInvalid));
        assert_eq!(prepare_avatar(&png(1, MAX_DECODED_SIDE + 1)), Err(Msg::AvatarInvalid));
        // A bomb's header: 50000 x 50000 pixels (10 GB decoded) in a file of 70 bytes.
        let bomb = forged_png(50_000, 50_000);
        assert!(bomb.len() < 100);
        assert_eq!(prepare_avatar(&bomb), Err(Msg::AvatarInvalid));
        // Within the sides but with the pixels missing: refused, not padded out.
        assert_eq!(prepare_avatar(&forged_png(MAX_DECODED_SIDE, MAX_DECODED_SIDE)), Err(Msg::AvatarInvalid));
        // The decoder's limits refuse it by themselves.
        let mut reader = Reader::with_format(Cursor::new(forged_png(50_000, 50_000)), ImageFormat::Png);
        reader.limits(decoder_limits());
        assert!(reader.decode().is_err());
    }

    proptest! {
        #[test]
        fn valid_phones_have_the_shape(second in 3u8..=9, rest in "[0-9]{9}") {
            let phone = format!("1{second}{rest}");
            prop_assert!(is_valid_phone(&phone));
        }

        #[test]
        fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
            let _ = prepare_avatar(&bytes);
        }
    }
}
