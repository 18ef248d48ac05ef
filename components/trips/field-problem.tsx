/** What is wrong with a field of a stop's plan, said as it is typed (an alert) and tied to the field by id. */
export function FieldProblem({ id, problem }: { id: string; problem: string | null }) {
  return problem ? (
    <p id={id} role="alert" className="text-xs text-red-700">
      {problem}
    </p>
  ) : null;
}
