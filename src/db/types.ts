// The database schema as Kysely sees it. Each area adds its tables to `Database` by declaration merging in
// its own store, so the schema lives beside the code that uses it.

export interface Database {
  id_sequences: {
    company_id: number;
    name: string;
    last_id: number;
  };
}
