/** The fixture module's desktop page. */
export default function LostFoundPage() {
  return <h1>失物招领</h1>;
}
