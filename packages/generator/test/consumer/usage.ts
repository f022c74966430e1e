// Compiled by standalone-sdk.test.ts under tsc --strict, in a folder outside the repository
// where the three generated SDKs are installed from their tarballs: the types they export are
// the documents' own, and a wrong call does not compile (each @ts-expect-error must be used).
import {
  createSdk as createSigning,
  GENERATED_BY,
  NotFoundError,
  type Certificate,
  type CertificatesListResponse,
  type EnrollmentsCreateBody,
  type WebhookEvent,
} from "@acme/signing-sdk";
import { createSdk as createPets, type NewPet, type Pet, type PetsListQuery } from "swagger-petstore-sdk";
import {
  createSdk as createTrains,
  type Booking,
  type BookingsCreateBody,
  type Station,
  type WebhookEvent as TrainEvent,
} from "train-travel-api-sdk";

export const generatedBy: string = GENERATED_BY;

export async function signing(): Promise<void> {
  const sdk = createSigning({ baseUrl: "http://127.0.0.1:4010", accessToken: "token" });
  const certificate: Certificate = await sdk.certificates.retrieve("cert_1");
  const page: CertificatesListResponse = await sdk.certificates.list({ limit: 10 });
  for await (const item of sdk.certificates.list()) certificate.id.localeCompare(item.id);
  const body: EnrollmentsCreateBody = { identity_evidence: { document_type: "passport", issuing_office: "Kathmandu" } };
  const { meta } = await sdk.enrollments.create(body, { idempotencyKey: "K".repeat(16) }).withResponse();
  const event: WebhookEvent = await sdk.webhooks.constructEvent("{}", "t=1,v1=00", "whsec_x");
  void [page.items.length, meta.requestId, event.type, NotFoundError];
  // @ts-expect-error a certificate is retrieved by its id
  await sdk.certificates.retrieve();
  // @ts-expect-error the page size is a number
  await sdk.certificates.list({ limit: "10" });
  // @ts-expect-error no operation of this API takes a body on GET
  await sdk.signingRequests.retrieve("sr_1", {}, {});
}

export async function pets(): Promise<void> {
  const sdk = createPets({ baseUrl: "https://petstore.example" });
  const query: PetsListQuery = { tags: ["dog"], limit: 3 };
  const all: Pet[] = await sdk.pets.list(query);
  const added: Pet = await sdk.pets.create({ name: "Rex" } satisfies NewPet);
  const one: Pet = await sdk.pets.retrieve(added.id);
  await sdk.pets.delete(one.id);
  void all;
  // @ts-expect-error a pet's id is an integer
  await sdk.pets.retrieve("1");
  // @ts-expect-error a new pet needs a name
  await sdk.pets.create({ tag: "cat" });
  // @ts-expect-error the document declares no pagination: a list is not iterable page by page
  for await (const pet of sdk.pets.list()) void pet;
}

export async function trains(): Promise<void> {
  const sdk = createTrains({ baseUrl: "https://api.example.com", accessToken: "token" });
  const stations = await sdk.stations.list({ search: "Berlin" });
  const first: Station | undefined = stations.data?.[0];
  const body: BookingsCreateBody = { trip_id: "4f4e4e1-c824-4d63-b37a-d8d698862f1d", passenger_name: "John Doe" };
  const booking: Booking = await sdk.bookings.create(body);
  await sdk.payments.create(booking.id!, {
    amount: 49.99,
    currency: "gbp",
    source: {
      object: "card",
      name: "J. Doe",
      number: "4242424242424242",
      cvc: "123",
      exp_month: 12,
      exp_year: 2030,
      address_country: "gb",
    },
  });
  const onBooking = (event: TrainEvent) => event.passenger_name;
  void [first, onBooking];
  // @ts-expect-error trips are searched by origin, destination and date
  await sdk.trips.list();
  // @ts-expect-error the document states no signature scheme, so there is nothing to verify with
  sdk.webhooks;
}
