/** The fixture module's phone page. */
export default function MobileLostFoundPage() {
  return <h1>失物招领</h1>;
}
