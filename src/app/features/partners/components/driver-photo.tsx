// A driver's photo (decorative: the name is always beside it), or the name's initial when there is none.

export function DriverPhoto({ url, name }: { url: string; name: string }) {
  if (!url) {
    return (
      <span className="partner-avatar" aria-hidden="true">
        {name.trim().charAt(0).toUpperCase()}
      </span>
    );
  }
  return <img className="partner-avatar" src={url} alt="" width={48} height={48} loading="lazy" />;
}
