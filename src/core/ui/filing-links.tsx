/** Filing numbers (ICP / public security) as the login config gives them: a link where there is one. */
export function FilingLinks({ filings }: { filings: readonly { text: string; url: string }[] }) {
  return (
    <>
      {filings.map((f) =>
        f.url ? (
          <a key={f.text} href={f.url} target="_blank" rel="noreferrer">
            {f.text}
          </a>
        ) : (
          <span key={f.text}>{f.text}</span>
        ),
      )}
    </>
  );
}
