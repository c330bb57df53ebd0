/** The image column of the Specials and Packages tables: a small cover-cropped thumbnail, or nothing. */
export function Thumbnail({ src }: { src?: string }) {
  return src ? (
    <img
      src={src}
      alt=""
      className="offer-thumb"
      width={56}
      height={40}
      style={{ objectFit: "cover", borderRadius: 4 }}
    />
  ) : null;
}
