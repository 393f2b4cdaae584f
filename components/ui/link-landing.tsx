import { Alert } from "./alert";
import { Card } from "./card";

/** Why a mailed link no longer works (used, expired, edited) and the way on from there. */
export interface LinkRefusal {
  title: string;
  message: string;
  next: React.ReactNode;
}

/**
 * The page a mailed link leads to: while the link is good, a card with what it is for and its form
 * (`children`); once it is not, the refusal and the way on, without a form.
 */
export function LinkLanding({
  title,
  centred = false,
  cardTitle,
  refusal,
  children,
}: {
  title: string;
  /** The public pages centre the column; the driver area's pages keep it at the left. */
  centred?: boolean;
  cardTitle?: string;
  refusal?: LinkRefusal;
  children?: React.ReactNode;
}) {
  return (
    <div className={centred ? "mx-auto max-w-xl space-y-6" : "max-w-2xl space-y-6"}>
      <h1 className="text-2xl font-bold">{title}</h1>
      {refusal ? (
        <>
          <Alert tone="error" title={refusal.title}>
            {refusal.message}
          </Alert>
          {refusal.next}
        </>
      ) : (
        <Card title={cardTitle}>{children}</Card>
      )}
    </div>
  );
}
