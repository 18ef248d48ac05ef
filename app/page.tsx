export default function HomePage() {
  return (
    <main className="mx-auto flex min-h-full max-w-2xl flex-col justify-center gap-4 p-8">
      <h1 className="text-3xl font-semibold">Trip Explorer</h1>
      <p className="text-lg text-slate-600">Find places for your trip. The map is on its way.</p>
    </main>
  );
}
